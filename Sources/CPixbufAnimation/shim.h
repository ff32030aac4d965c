#ifndef PARLEY_CPIXBUFANIMATION_SHIM_H
#define PARLEY_CPIXBUFANIMATION_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>

/* gdk-pixbuf's animation iterators take a GTimeVal (deprecated in GLib, not in gdk-pixbuf):
   these take milliseconds since the animation's start instead. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline GdkPixbufAnimationIter *parley_animation_iter_at(GdkPixbufAnimation *animation, long milliseconds) {
    GTimeVal start = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    return gdk_pixbuf_animation_get_iter(animation, &start);
}
static inline gboolean parley_animation_iter_advance(GdkPixbufAnimationIter *iter, long milliseconds) {
    GTimeVal now = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    return gdk_pixbuf_animation_iter_advance(iter, &now);
}
#pragma GCC diagnostic pop
#endif
