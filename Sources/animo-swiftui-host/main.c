// animo-swiftui-host LIBRARY SYMBOL ENTRY OUTPUT DURATION [SECONDS MEGABYTES [INTERACTIONS]]
//
// Runs one compiled SwiftUI preview: loads LIBRARY (the user's views compiled against
// animo-render's SwiftUI), calls SYMBOL for the preview's boxed content, and hands it to
// animo_swiftui_run, which runs it for DURATION seconds of the virtual clock and writes the
// recording to OUTPUT, playing the taps and drags INTERACTIONS lists (the renderer's own format). The renderer starts this process for each run and reads its exit status:
// 0 done, 2 bad arguments or a library that does not load, 3 a failure the run reported on
// stderr; a signal means the user's code crashed (stderr holds Swift's message). CPU time and
// address space are limited here (setrlimit), so an endless loop or a runaway allocation ends
// this process; the renderer also stops it after a wall-clock budget.
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

typedef void *(*entry_fn)(void);
typedef int (*run_fn)(void *, const char *, const char *, double, const char *);

static void limit(int resource, rlim_t value, rlim_t grace) {
    struct rlimit r = { value, value + grace };
    setrlimit(resource, &r);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: animo-swiftui-host LIBRARY SYMBOL ENTRY OUTPUT DURATION [SECONDS MEGABYTES [INTERACTIONS]]\n");
        return 2;
    }
    long seconds = argc > 6 ? atol(argv[6]) : 20;
    long megabytes = argc > 7 ? atol(argv[7]) : 4096;
    // A parent that ignores SIGXCPU would pass that on; the budget must end the run.
    signal(SIGXCPU, SIG_DFL);
    if (seconds > 0) limit(RLIMIT_CPU, (rlim_t)seconds, 2); // SIGXCPU at the budget, SIGKILL 2 s later
    if (megabytes > 0) limit(RLIMIT_AS, (rlim_t)megabytes << 20, 0);
    limit(RLIMIT_CORE, 0, 0);

    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "cannot load the compiled views: %s\n", dlerror());
        return 2;
    }
    entry_fn entry = (entry_fn)dlsym(library, argv[2]);
    if (!entry) {
        fprintf(stderr, "the compiled views have no entry %s\n", argv[2]);
        return 2;
    }
    run_fn run = (run_fn)dlsym(library, "animo_swiftui_run");
    if (!run) {
        fprintf(stderr, "the compiled views are not linked against animo-render's SwiftUI (no animo_swiftui_run)\n");
        return 2;
    }
    double duration = atof(argv[5]);
    return run(entry(), argv[3], argv[4], duration, argc > 8 ? argv[8] : "");
}
