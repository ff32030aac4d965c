#ifndef PARLEY_CCAIROPANGO_SHIM_H
#define PARLEY_CCAIROPANGO_SHIM_H
#include <cairo.h>
#include <pixman.h>
#include <pango/pangocairo.h>
#include <librsvg/rsvg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
