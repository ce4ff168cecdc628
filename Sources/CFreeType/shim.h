// The one header of the CFreeType shim: FreeType's API as Debian ships it (libfreetype-dev).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
