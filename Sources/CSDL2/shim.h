#ifndef PARLEY_CSDL2_SHIM_H
#define PARLEY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif
