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
