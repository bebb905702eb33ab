// Startup: program start to a ready specialized kernel (the tiled matmul of
// examples/matmul/matmul.dpk), cold (empty dpk cache, empty PoCL kernel cache) vs warm (dpk's
// disk cache filled by an earlier run; PoCL's own cache still empty, so only ours helps). Every
// run is a fresh child process, so nothing in-process is reused. Goal: warm >= 20x faster.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "dpk/dpk.h"

namespace {

using Clock = std::chrono::steady_clock;
constexpr const char* kSignature = "void(f32[:, ::1], f32[:, ::1], f32[:, ::1])";

double ms_since(std::int64_t t0_ns) {
    auto now =
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch());
    return static_cast<double>(now.count() - t0_ns) / 1e6;
}

/// The child: everything from exec to a specialized kernel, then one launch.
int child(std::int64_t t0_ns, const char* filter, const char* source) {
    using namespace dpk;
    const double exec_ms = ms_since(t0_ns);
    Device dev = select_device(filter);
    Queue q(dev);  // the device's context: setup every program pays, cached or not
    const double discovered_ms = ms_since(t0_ns);
    Program program = Program::from_file(source);
    CompiledKernel k = program.kernel("matmul").specialize(kSignature, dev);
    const double ready_ms = ms_since(t0_ns);
    const std::int64_t n = 64;
    auto a = UsmArray::from_host<float>(q, std::vector<float>(n * n, 1.0f), {n, n});
    auto c = UsmArray::zeros(q, DType::F32, {n, n});
    k.launch(q, Range(n, n), Range(16, 16), {a, a, c}).wait();
    const double first_ms = ms_since(t0_ns);
    if (c.to_vector<float>()[n * n - 1] != static_cast<float>(n)) return 3;
    KernelCache::Stats s = program.cache().stats();
    const runtime::DiscoveryStats found = runtime::discovery_stats();
    std::printf(
        "exec=%f discovered=%f ready=%f first=%f full_discovery=%d opened_alone=%zu "
        "front_end=%llu builds=%llu disk_hits=%llu\n",
        exec_ms, discovered_ms, ready_ms, first_ms, found.full_discovery ? 1 : 0,
        found.opened_from_directory,
        static_cast<unsigned long long>(s.front_end_compiles),
        static_cast<unsigned long long>(s.programs.builds),
        static_cast<unsigned long long>(s.programs.disk_hits));
    return 0;
}

struct Run {
    std::map<std::string, double> v;
};

/// Runs the child with the dpk and PoCL caches in the given folders.
Run run_child(const std::string& filter, const std::string& source,
              const std::filesystem::path& dpk_cache, const std::filesystem::path& pocl_cache) {
    int fds[2];
    if (::pipe(fds) != 0) std::exit(2);
    auto t0 = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch());
    pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], 1);
        ::close(fds[0]);
        ::setenv("DPK_CACHE_DIR", dpk_cache.c_str(), 1);
        ::unsetenv("DPK_CACHE");
        ::setenv("POCL_CACHE_DIR", pocl_cache.c_str(), 1);
        std::string t = std::to_string(t0.count());
        ::execl("/proc/self/exe", "bench_startup", "--child", t.c_str(), filter.c_str(),
                source.c_str(), static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    ::close(fds[1]);
    std::string out;
    char buf[512];
    ssize_t got;
    while ((got = ::read(fds[0], buf, sizeof buf)) > 0)
        out.append(buf, static_cast<std::size_t>(got));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    Run r;
    r.v["process"] = ms_since(t0.count());
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "startup_bench: child failed (%s): %s\n", filter.c_str(), out.c_str());
        std::exit(1);
    }
    std::size_t pos = 0;
    while (pos < out.size()) {
        std::size_t eq = out.find('=', pos), end = out.find_first_of(" \n", pos);
        if (eq == std::string::npos || end == std::string::npos) break;
        r.v[out.substr(pos, eq - pos)] = std::atof(out.substr(eq + 1, end - eq - 1).c_str());
        pos = end + 1;
    }
    return r;
}

double median_of(const std::vector<Run>& runs, const char* key) {
    std::vector<double> v;
    for (const Run& r : runs) v.push_back(r.v.at(key));
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::filesystem::path fresh_dir(const std::filesystem::path& root, const std::string& name) {
    auto p = root / name;
    std::filesystem::remove_all(p);
    std::filesystem::create_directories(p);
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 5 && std::string(argv[1]) == "--child")
        return child(std::atoll(argv[2]), argv[3], argv[4]);
    const int reps = argc > 1 ? std::atoi(argv[1]) : 5;
    const std::string source = argc > 2 ? argv[2] : DPK_SOURCE_DIR "/examples/matmul/matmul.dpk";
    char tmpl[] = "/tmp/dpk-startup-XXXXXX";
    const std::filesystem::path root = ::mkdtemp(tmpl);

    std::printf("# startup of %s (matmul %s), child processes, median of %d\n", source.c_str(),
                kSignature, reps);
    std::printf(
        "# ready = from the parent's fork to specialize() returned in the child; cold = empty dpk "
        "and PoCL caches, warm = dpk's disk cache (programs and device directory) from an earlier "
        "run, PoCL's own cache empty\n");
    for (const dpk::Device& dev : dpk::all_devices()) {
        if (!dev.takes_spirv()) continue;
        const std::string filter = dev.filter_string();
        std::vector<Run> cold, warm;
        for (int i = 0; i < reps; ++i)
            cold.push_back(run_child(filter, source, fresh_dir(root, "dpk-cold"),
                                     fresh_dir(root, "pocl-cold")));
        const auto warm_dpk = fresh_dir(root, "dpk-warm");
        run_child(filter, source, warm_dpk, fresh_dir(root, "pocl-fill"));  // fills dpk's cache
        for (int i = 0; i < reps; ++i)
            warm.push_back(run_child(filter, source, warm_dpk, fresh_dir(root, "pocl-warm")));
        // As users run by default: PoCL's own kernel cache kept too (it holds the work-group
        // functions PoCL compiles at the first launch of each local size).
        std::vector<Run> warm_both;
        const auto pocl_kept = fresh_dir(root, "pocl-kept");
        run_child(filter, source, warm_dpk, pocl_kept);
        for (int i = 0; i < reps; ++i)
            warm_both.push_back(run_child(filter, source, warm_dpk, pocl_kept));
        auto spec = [](const std::vector<Run>& r) {
            return median_of(r, "ready") - median_of(r, "discovered");
        };
        const double cold_ready = median_of(cold, "ready"), warm_ready = median_of(warm, "ready");
        const double ratio = cold_ready / warm_ready;
        // What no warm start can beat: process start plus the driver's own start (its library
        // loaded and initialized, one context and queue), the same cold or warm.
        const double floor_ms = median_of(warm, "discovered");
        std::printf(
            "startup device=%s cold_ready_ms=%.1f warm_ready_ms=%.1f speedup=%.1fx goal>=20x %s "
            "(exec to a specialized kernel; bound %.1fx = cold / warm exec + driver start %.1f "
            "ms)\n",
            filter.c_str(), cold_ready, warm_ready, ratio, ratio >= 20 ? "MET" : "MISSED",
            cold_ready / floor_ms, floor_ms);
        std::printf(
            "startup device=%s   of which: exec %.1f / %.1f ms, device and queue %.1f / %.1f ms, "
            "Program + specialize %.1f / %.2f ms (cold / warm)\n",
            filter.c_str(), median_of(cold, "exec"), median_of(warm, "exec"),
            median_of(cold, "discovered") - median_of(cold, "exec"),
            median_of(warm, "discovered") - median_of(warm, "exec"), spec(cold), spec(warm));
        std::printf(
            "startup device=%s   first result (ready + one 64x64 launch): cold %.1f ms, warm %.1f "
            "ms; warm with PoCL's own kernel cache kept too: ready %.1f ms, first result %.1f ms\n",
            filter.c_str(), median_of(cold, "first"), median_of(warm, "first"),
            median_of(warm_both, "ready"), median_of(warm_both, "first"));
        std::printf(
            "#   warm runs: front-end compiles %.0f, driver builds %.0f, driver binaries "
            "loaded %.0f, full device discovery %.0f, device opened alone from the directory "
            "%.0f\n",
            median_of(warm, "front_end"), median_of(warm, "builds"), median_of(warm, "disk_hits"),
            median_of(warm, "full_discovery"), median_of(warm, "opened_alone"));
    }
    std::filesystem::remove_all(root);
    return 0;
}
