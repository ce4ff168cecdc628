// Counts the calls to glibc's allocation functions in a process and prints the total to stderr at
// exit: `LD_PRELOAD=malloc-count.so cmd`. Used by scripts/allocations-per-frame to show that a
// frame's render allocates no more after a change than before (docs/performance.md).
// Calls pass straight on to glibc's own entry points (__libc_malloc …), so no lookup by dlsym is
// needed before the first allocation. Processes the counted one starts are not counted.
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static atomic_ullong calls;

void *malloc(size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_realloc(p, n); }
void *aligned_alloc(size_t a, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_memalign(a, n); }
void *memalign(size_t a, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
    void *p = __libc_memalign(a, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}

// Only the process started with the library counts: the processes it starts do not inherit it.
__attribute__((constructor)) static void only_this_process(void) { unsetenv("LD_PRELOAD"); }

__attribute__((destructor)) static void report(void) {
    char line[64];
    int k = snprintf(line, sizeof line, "allocations: %llu\n", (unsigned long long)atomic_load(&calls));
    if (k > 0) fwrite(line, 1, (size_t)k, stderr);
}
