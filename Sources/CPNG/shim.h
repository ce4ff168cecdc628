// The one header of the CPNG shim: the C API exactly as Debian ships it.
#include <png.h>
