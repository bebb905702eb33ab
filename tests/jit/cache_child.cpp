// A second process for the disk-cache tests: specializes matmul with the cache in argv[1] on the
// device argv[2], checks one launch, and prints what the caches did. Exit 0 when the numbers are
// right.
#include <cstdio>
#include <exception>

#include "dpk/dpk.h"
#include "tests/seed/seed_program.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s CACHE_DIR DEVICE_FILTER\n", argv[0]);
        return 2;
    }
    try {
        using namespace dpk;
        ProgramOptions o;
        o.cache = std::make_shared<KernelCache>(runtime::CacheConfig::at(argv[1]));
        Program p = Program::from_string("seed.dpk", tests::kSeedProgram, o);
        Device dev = select_device(argv[2]);
        Kernel matmul = p.kernel("matmul");
        matmul.specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev);
        Queue q(dev);
        const std::int64_t n = 32;
        std::vector<float> ones(n * n, 1.0f);
        auto a = UsmArray::from_host<float>(q, ones, {n, n});
        auto c = UsmArray::zeros(q, DType::F32, {n, n});
        matmul.launch(q, Range(n, n), Range(16, 16), {a, a, c}).wait();
        bool correct = c.to_vector<float>()[n * n - 1] == static_cast<float>(n);
        KernelCache::Stats s = p.cache().stats();
        std::printf(
            "front_end_compiles=%llu image_hits=%llu builds=%llu disk_hits=%llu correct=%d\n",
            static_cast<unsigned long long>(s.front_end_compiles),
            static_cast<unsigned long long>(s.image_hits),
            static_cast<unsigned long long>(s.programs.builds),
            static_cast<unsigned long long>(s.programs.disk_hits), correct ? 1 : 0);
        return correct ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cache child: %s\n", e.what());
        return 1;
    }
}
