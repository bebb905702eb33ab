// A fake CUDA driver (libcuda.so.1) for running dpk's CUDA host path where no GPU is: one device
// like an H100 (compute capability 9.0, 132 multiprocessors), memory from malloc (every usm_type
// host-readable), streams and events that complete at once, modules whose functions are the
// PTX's .entry names, launches that run nothing. Device discovery, specialization through the
// PTX translator, module loading, argument marshalling, events and external-memory checks run
// as on a GPU; computed values do not (kernels never execute). For valgrind / sanitizer runs of
// that path (tools/cuda_fake/README.md).
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
struct CUctx_st {
    int dummy;
};
struct CUmod_st;
struct CUfunc_st {
    char name[256];
    struct CUmod_st* module;
};
struct CUmod_st {
    unsigned magic;
    int count;
    struct CUfunc_st* funcs;
};
struct CUstream_st {
    unsigned magic;
};
struct CUevent_st {
    unsigned magic;
    int recorded;
};

static struct CUctx_st g_ctx;

// Every handle carries a magic number checked at each use: a handle used after it was destroyed
// (or never made) is an error the fake reports, and valgrind sees the read of freed memory.
enum { kStream = 0x5354524du, kEvent = 0x45564e54u, kModule = 0x4d4f4455u };
static void check_handle(const void* h, unsigned magic, unsigned expected, const char* what) {
    if (!h || magic != expected) {
        fprintf(stderr, "fake_cuda: %s %p is not a live handle\n", what, h);
        abort();
    }
}
#define CHECK_STREAM(s)                                        \
    do {                                                       \
        if (s) check_handle(s, (s)->magic, kStream, "stream"); \
    } while (0)
#define CHECK_EVENT(e) check_handle(e, (e) ? (e)->magic : 0, kEvent, "event")
#define CHECK_MODULE(m) check_handle(m, (m) ? (m)->magic : 0, kModule, "module")
static __thread struct CUctx_st* g_current;

typedef struct {
    uintptr_t start;
    size_t size;
    unsigned type;
    int managed;
} Alloc;
static Alloc* g_allocs;
static size_t g_nallocs, g_cap;
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;

static void* track(size_t n, unsigned type, int managed) {
    void* p = NULL;
    if (posix_memalign(&p, 256, n ? n : 1)) return NULL;
    memset(p, 0xCD, n);
    pthread_mutex_lock(&g_mu);
    if (g_nallocs == g_cap) {
        g_cap = g_cap ? 2 * g_cap : 64;
        g_allocs = realloc(g_allocs, g_cap * sizeof(Alloc));
    }
    g_allocs[g_nallocs++] = (Alloc){(uintptr_t)p, n, type, managed};
    pthread_mutex_unlock(&g_mu);
    return p;
}
static int untrack(void* p) {
    pthread_mutex_lock(&g_mu);
    for (size_t i = 0; i < g_nallocs; ++i)
        if (g_allocs[i].start == (uintptr_t)p) {
            g_allocs[i] = g_allocs[--g_nallocs];
            pthread_mutex_unlock(&g_mu);
            free(p);
            return 0;
        }
    pthread_mutex_unlock(&g_mu);
    fprintf(stderr, "fake_cuda: free of unknown pointer %p\n", p);
    abort();
}

CUresult cuGetErrorName(CUresult e, const char** s) {
    (void)e;
    *s = "CUDA_ERROR_FAKE";
    return 0;
}
CUresult cuGetErrorString(CUresult e, const char** s) {
    (void)e;
    *s = "fake error";
    return 0;
}
CUresult cuInit(unsigned f) {
    (void)f;
    return 0;
}
CUresult cuDriverGetVersion(int* v) {
    *v = 13000;
    return 0;
}
CUresult cuDeviceGetCount(int* n) {
    *n = 1;
    return 0;
}
CUresult cuDeviceGet(int* d, int i) {
    if (i != 0) return 101;
    *d = 0;
    return 0;
}
CUresult cuDeviceGetName(char* b, int len, int d) {
    (void)d;
    snprintf(b, (size_t)len, "dpk fake CUDA device");
    return 0;
}
CUresult cuDeviceGetAttribute(int* v, int a, int d) {
    (void)d;
    switch (a) {
        case 1: *v = 1024; break;
        case 2:
        case 3: *v = 1024; break;
        case 4: *v = 64; break;
        case 5: *v = 2147483647; break;
        case 6:
        case 7: *v = 65535; break;
        case 8: *v = 49152; break;
        case 10: *v = 32; break;
        case 16: *v = 132; break;
        case 18: *v = 0; break;
        case 41: *v = 1; break;
        case 75: *v = 9; break;
        case 76: *v = 0; break;
        case 83:
        case 89: *v = 1; break;
        case 97: *v = 232448; break;
        default: *v = 0;
    }
    return 0;
}
CUresult cuDeviceTotalMem_v2(size_t* b, int d) {
    (void)d;
    *b = 80ull << 30;
    return 0;
}
CUresult cuDeviceGetPCIBusId(char* b, int len, int d) {
    (void)d;
    snprintf(b, (size_t)len, "0000:00:00.0");
    return 0;
}
CUresult cuDeviceGetByPCIBusId(int* d, const char* id) {
    (void)id;
    *d = 0;
    return 0;
}
CUresult cuDevicePrimaryCtxRetain(struct CUctx_st** c, int d) {
    (void)d;
    *c = &g_ctx;
    return 0;
}
CUresult cuDevicePrimaryCtxRelease_v2(int d) {
    (void)d;
    return 0;
}
CUresult cuCtxSetCurrent(struct CUctx_st* c) {
    g_current = c;
    return 0;
}
CUresult cuCtxGetCurrent(struct CUctx_st** c) {
    *c = g_current;
    return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr* p, size_t n) {
    *p = (CUdeviceptr)track(n, 2, 0);
    return 0;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
    return untrack((void*)p);
}
CUresult cuMemAllocManaged(CUdeviceptr* p, size_t n, unsigned f) {
    (void)f;
    *p = (CUdeviceptr)track(n, 2, 1);
    return 0;
}
CUresult cuMemAllocHost_v2(void** p, size_t n) {
    *p = track(n, 1, 0);
    return 0;
}
CUresult cuMemFreeHost(void* p) {
    return untrack(p);
}
CUresult cuMemcpyAsync(CUdeviceptr d, CUdeviceptr s, size_t n, struct CUstream_st* st) {
    CHECK_STREAM(st);
    memmove((void*)d, (void*)s, n);
    return 0;
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, struct CUstream_st* s) {
    CHECK_STREAM(s);
    memset((void*)d, v, n);
    return 0;
}
CUresult cuMemsetD16Async(CUdeviceptr d, unsigned short v, size_t n, struct CUstream_st* s) {
    CHECK_STREAM(s);
    for (size_t i = 0; i < n; ++i) ((unsigned short*)d)[i] = v;
    return 0;
}
CUresult cuMemsetD32Async(CUdeviceptr d, unsigned v, size_t n, struct CUstream_st* s) {
    CHECK_STREAM(s);
    for (size_t i = 0; i < n; ++i) ((unsigned*)d)[i] = v;
    return 0;
}
CUresult cuStreamCreate(struct CUstream_st** s, unsigned f) {
    (void)f;
    *s = calloc(1, sizeof **s);
    (*s)->magic = kStream;
    return 0;
}
CUresult cuStreamDestroy_v2(struct CUstream_st* s) {
    CHECK_STREAM(s);
    s->magic = 0;
    free(s);
    return 0;
}
CUresult cuStreamSynchronize(struct CUstream_st* s) {
    CHECK_STREAM(s);
    return 0;
}
CUresult cuStreamWaitEvent(struct CUstream_st* s, struct CUevent_st* e, unsigned f) {
    (void)f;
    CHECK_STREAM(s);
    CHECK_EVENT(e);
    return 0;
}
CUresult cuStreamGetCtx(struct CUstream_st* s, struct CUctx_st** c) {
    CHECK_STREAM(s);
    *c = &g_ctx;
    return 0;
}
CUresult cuPointerGetAttributes(unsigned n, int* attrs, void** data, CUdeviceptr p) {
    Alloc found = {0, 0, 0, 0};
    pthread_mutex_lock(&g_mu);
    for (size_t i = 0; i < g_nallocs; ++i)
        if (p >= g_allocs[i].start &&
            p < g_allocs[i].start + (g_allocs[i].size ? g_allocs[i].size : 1))
            found = g_allocs[i];
    pthread_mutex_unlock(&g_mu);
    for (unsigned i = 0; i < n; ++i) {
        switch (attrs[i]) {
            case 1: *(struct CUctx_st**)data[i] = found.start ? &g_ctx : NULL; break;
            case 2: *(unsigned*)data[i] = found.type; break;
            case 8: *(unsigned*)data[i] = (unsigned)found.managed; break;
            case 9: *(int*)data[i] = found.start ? 0 : -2; break;
            case 11: *(CUdeviceptr*)data[i] = found.start; break;
            case 12: *(size_t*)data[i] = found.size; break;
        }
    }
    return 0;
}
CUresult cuEventCreate(struct CUevent_st** e, unsigned f) {
    (void)f;
    *e = calloc(1, sizeof **e);
    (*e)->magic = kEvent;
    return 0;
}
CUresult cuEventDestroy_v2(struct CUevent_st* e) {
    CHECK_EVENT(e);
    e->magic = 0;
    free(e);
    return 0;
}
CUresult cuEventRecord(struct CUevent_st* e, struct CUstream_st* s) {
    CHECK_EVENT(e);
    CHECK_STREAM(s);
    e->recorded = 1;
    return 0;
}
CUresult cuEventSynchronize(struct CUevent_st* e) {
    CHECK_EVENT(e);
    return 0;
}
CUresult cuEventQuery(struct CUevent_st* e) {
    CHECK_EVENT(e);
    return 0;
}
CUresult cuEventElapsedTime(float* ms, struct CUevent_st* a, struct CUevent_st* b) {
    CHECK_EVENT(a);
    CHECK_EVENT(b);
    *ms = 0.001f;
    return 0;
}
CUresult cuEventElapsedTime_v2(float* ms, struct CUevent_st* a, struct CUevent_st* b) {
    return cuEventElapsedTime(ms, a, b);
}
static CUresult load(struct CUmod_st** m, const char* ptx) {
    struct CUmod_st* mod = calloc(1, sizeof *mod);
    mod->magic = kModule;
    for (const char* p = ptx; (p = strstr(p, ".entry "));) {
        p += 7;
        size_t n = strcspn(p, "( \n");
        mod->funcs = realloc(mod->funcs, (size_t)(mod->count + 1) * sizeof *mod->funcs);
        snprintf(mod->funcs[mod->count].name, sizeof mod->funcs[0].name, "%.*s", (int)n, p);
        mod->funcs[mod->count].module = mod;
        mod->count++;
    }
    *m = mod;
    return 0;
}
CUresult cuModuleLoadData(struct CUmod_st** m, const void* img) {
    return load(m, img);
}
CUresult cuModuleLoadDataEx(struct CUmod_st** m, const void* img, unsigned n, int* o, void** v) {
    (void)n;
    (void)o;
    (void)v;
    return load(m, img);
}
CUresult cuModuleUnload(struct CUmod_st* m) {
    CHECK_MODULE(m);
    m->magic = 0;
    free(m->funcs);
    free(m);
    return 0;
}
CUresult cuModuleGetFunction(struct CUfunc_st** f, struct CUmod_st* m, const char* name) {
    CHECK_MODULE(m);
    for (int i = 0; i < m->count; ++i)
        if (!strcmp(m->funcs[i].name, name)) {
            *f = &m->funcs[i];
            return 0;
        }
    return 500;
}
CUresult cuFuncGetAttribute(int* v, int a, struct CUfunc_st* f) {
    CHECK_MODULE(f->module);
    switch (a) {
        case 0: *v = 1024; break;
        case 4: *v = 32; break;
        case 5: *v = 78; break;
        case 6: *v = 90; break;
        default: *v = 0;
    }
    return 0;
}
CUresult cuFuncSetAttribute(struct CUfunc_st* f, int a, int v) {
    (void)a;
    (void)v;
    CHECK_MODULE(f->module);
    return 0;
}
CUresult cuLaunchKernel(struct CUfunc_st* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shm, struct CUstream_st* s,
                        void** params, void** extra) {
    (void)gx;
    (void)gy;
    (void)gz;
    (void)bx;
    (void)by;
    (void)bz;
    (void)shm;
    (void)params;
    (void)extra;
    CHECK_MODULE(f->module);
    CHECK_STREAM(s);
    return 0;
}
