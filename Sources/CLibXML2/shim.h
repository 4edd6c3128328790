#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// libxml2's ICU declarations clash with Foundation's ("'UErrorCode' has different definitions").
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/globals.h>

// `xmlFree` is a mutable global function-pointer variable (or, in thread-alloc builds,
// a macro), so Swift 6 refuses to reference it ("reference to var 'xmlFree' is not
// concurrency-safe"). Call it through this function instead.
static inline void clibxml2_free(void *ptr) {
    xmlFree(ptr);
}
#endif
