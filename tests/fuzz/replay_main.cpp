// fuzz_replay HARNESS DIR: runs every file in DIR (a harness's corpus: seeds and every crash
// found) through the harness. A crash fails the test, as under libFuzzer.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "tests/fuzz/fuzz_target.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: fuzz_replay HARNESS DIR\n";
        return 2;
    }
    auto it = dpk::tests::fuzz_targets().find(argv[1]);
    if (it == dpk::tests::fuzz_targets().end()) {
        std::cerr << "fuzz_replay: no harness '" << argv[1] << "'\n";
        return 2;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(argv[2]))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        const std::string bytes = s.str();
        it->second(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << argv[1] << ": " << files.size() << " inputs replayed\n";
    return files.empty() ? 1 : 0;
}
