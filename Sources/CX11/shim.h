#ifndef PARLEY_CX11_SHIM_H
#define PARLEY_CX11_SHIM_H
#include <X11/Xlib.h>
#endif
