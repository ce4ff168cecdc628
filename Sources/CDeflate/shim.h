// The one header of the CDeflate shim: libdeflate's whole-buffer API exactly as Debian ships it
// (package libdeflate-dev).
#include <libdeflate.h>
