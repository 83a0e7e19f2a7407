#ifndef ADDMUSIC_CEBUR128_SHIM_H
#define ADDMUSIC_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
