// GIO's D-Bus API (GDBus), for the desktop notifications (org.freedesktop.Notifications).
// The helpers wrap what Swift cannot call itself: variadic GVariant constructors and type macros.
#pragma once
#include <gio/gio.h>

/// The D-Bus type of an entry of a `Notify` call's hints: {sv}.
static inline const GVariantType *parley_variant_type_vardict_entry(void) { return G_VARIANT_TYPE ("{sv}"); }
/// The D-Bus type of a `Notify` reply: (u).
static inline const GVariantType *parley_variant_type_u_tuple(void) { return G_VARIANT_TYPE ("(u)"); }
/// The D-Bus type of a string array: as.
static inline const GVariantType *parley_variant_type_string_array(void) { return G_VARIANT_TYPE_STRING_ARRAY; }

// MARK: - The AT-SPI2 bridge (ParleyUIKit's Accessibility/ATSPIBridge.swift)

/// A D-Bus object reference: (so).
static inline GVariant *parley_variant_object_ref(const char *bus, const char *path) { return g_variant_new("(so)", bus, path); }
/// A D-Bus type from its signature (which must outlive the type's use).
static inline const GVariantType *parley_variant_type(const char *signature) { return G_VARIANT_TYPE(signature); }
/// The body of an org.a11y.atspi.Event.* signal: (siiva{sv}) with no properties.
static inline GVariant *parley_atspi_event_body(const char *detail, gint32 detail1, gint32 detail2, GVariant *data) {
    return g_variant_new("(siiv@a{sv})", detail, detail1, detail2, data, g_variant_new_array(G_VARIANT_TYPE("{sv}"), NULL, 0));
}

/// The interfaces of the bridge's objects and the Swift handler of their calls.
typedef struct {
    GDBusNodeInfo *node;
    GDBusInterfaceVTable vtable;
} ParleyAtspiTree;

static inline ParleyAtspiTree *parley_atspi_tree(void) {
    static ParleyAtspiTree tree;
    return &tree;
}

static inline gchar **parley_atspi_enumerate(GDBusConnection *c, const gchar *sender, const gchar *path, gpointer data) {
    (void)c; (void)sender; (void)path; (void)data;
    gchar **nodes = g_new0(gchar *, 2);
    nodes[0] = g_strdup("root");
    return nodes;
}

/// Every object has every interface but Application, which only the root has (the calls of an
/// interface an object does not implement answer empty; GetInterfaces says which it has).
static inline GDBusInterfaceInfo **parley_atspi_introspect(GDBusConnection *c, const gchar *sender, const gchar *path, const gchar *node, gpointer data) {
    (void)c; (void)sender; (void)path; (void)data;
    GDBusInterfaceInfo **all = parley_atspi_tree()->node->interfaces;
    guint count = 0;
    while (all[count] != NULL) count++;
    GDBusInterfaceInfo **result = g_new0(GDBusInterfaceInfo *, count + 1);
    guint n = 0;
    for (guint i = 0; i < count; i++) {
        if (node != NULL && g_strcmp0(node, "root") != 0 && g_strcmp0(all[i]->name, "org.a11y.atspi.Application") == 0) continue;
        result[n++] = g_dbus_interface_info_ref(all[i]);
    }
    return result;
}

static inline const GDBusInterfaceVTable *parley_atspi_dispatch(GDBusConnection *c, const gchar *sender, const gchar *path, const gchar *interface,
                                                                const gchar *node, gpointer *out_data, gpointer data) {
    (void)c; (void)sender; (void)path; (void)interface; (void)node;
    *out_data = data;
    return &parley_atspi_tree()->vtable;
}

/// Registers the subtree /org/a11y/atspi/accessible (the node "root" and one numbered node per
/// accessible object) with the interfaces of `xml`; calls and property reads go to `handler`.
static inline guint parley_atspi_register(GDBusConnection *connection, const char *xml, GDBusInterfaceMethodCallFunc handler, gpointer data, GError **error) {
    ParleyAtspiTree *tree = parley_atspi_tree();
    if (tree->node == NULL) {
        tree->node = g_dbus_node_info_new_for_xml(xml, error);
        if (tree->node == NULL) return 0;
    }
    tree->vtable.method_call = handler;
    tree->vtable.get_property = NULL;
    tree->vtable.set_property = NULL;
    static GDBusSubtreeVTable subtree = { parley_atspi_enumerate, parley_atspi_introspect, parley_atspi_dispatch, {0} };
    return g_dbus_connection_register_subtree(connection, "/org/a11y/atspi/accessible", &subtree,
                                              G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES, data, NULL, error);
}

/// Registers the cache object (/org/a11y/atspi/cache, the one interface of `xml`) with the
/// handler of `parley_atspi_register`, which must have run: libatspi asks it for `GetItems`.
static inline guint parley_atspi_register_cache(GDBusConnection *connection, const char *xml, gpointer data, GError **error) {
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(xml, error);
    if (node == NULL) return 0;
    guint id = g_dbus_connection_register_object(connection, "/org/a11y/atspi/cache", node->interfaces[0],
                                                 &parley_atspi_tree()->vtable, data, NULL, error);
    g_dbus_node_info_unref(node);
    return id;
}
