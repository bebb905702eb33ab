#include "jit/scratch_cache.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <utility>

#include "dpk/core/error.h"

namespace dpk::algorithms {

namespace {

using runtime::Event;
using runtime::UsmAllocation;

/// The key of the algorithms' cache among a queue's attachments.
constexpr char kAttachmentKey = 0;

/// Blocks are allocated in sizes rounded up to an eighth of their leading power of two (and to
/// 256 bytes), so calls of nearby sizes share them.
constexpr std::size_t kSmallestBlock = 256;

std::size_t block_size(std::size_t bytes) {
    const std::size_t b = std::max(bytes, kSmallestBlock);
    const std::size_t granule = std::max(kSmallestBlock, std::bit_floor(b) / 8);
    return (b + granule - 1) / granule * granule;
}

/// Whether a block of `block` bytes serves a request of `need` (a block_size): at most twice
/// as large, or 64 KiB more, so a small request does not hold a block a large one could use.
bool fits(std::size_t block, std::size_t need) {
    return block >= need && block <= std::max(2 * need, need + (std::size_t{64} << 10));
}

/// This host thread's number: unique in the process, unlike a std::thread::id, which a new
/// thread may take over from one that ended (whose commands may still run).
std::uint64_t this_thread_number() {
    static std::atomic<std::uint64_t> next{1};
    thread_local const std::uint64_t number = next.fetch_add(1, std::memory_order_relaxed);
    return number;
}

}  // namespace

std::shared_ptr<ScratchCache> ScratchCache::of(const runtime::Queue& queue) {
    return std::static_pointer_cast<ScratchCache>(queue.attachment(&kAttachmentKey, [&] {
        return std::shared_ptr<void>(std::make_shared<ScratchCache>(queue.device()));
    }));
}

std::shared_ptr<ScratchCache> ScratchCache::find(const runtime::Queue& queue) {
    return std::static_pointer_cast<ScratchCache>(queue.attachment(&kAttachmentKey));
}

bool ScratchCache::free_for_this_thread(const Block& block) {
    if (block.thread == this_thread_number()) return true;
    try {
        return block.last.is_complete();
    } catch (const dpk::error&) {  // a failed command: its own event reports it; skip the block
        return false;
    }
}

std::shared_ptr<UsmAllocation> ScratchCache::take(std::size_t bytes) {
    const std::size_t need = block_size(bytes);
    {
        std::lock_guard lock(mutex_);
        auto best = idle_.end();
        for (auto it = idle_.begin(); it != idle_.end(); ++it) {
            const std::size_t size = it->memory->bytes();
            if (fits(size, need) && (best == idle_.end() || size < best->memory->bytes()) &&
                free_for_this_thread(*it))
                best = it;
        }
        if (best != idle_.end()) {
            std::shared_ptr<UsmAllocation> memory = std::move(best->memory);
            idle_bytes_ -= memory->bytes();
            idle_.erase(best);
            return memory;
        }
    }
    try {
        return std::make_shared<UsmAllocation>(device_, UsmType::Device, need);
    } catch (const dpk::error&) {
        // The device may have no room left: free what this queue keeps idle and try once more.
        if (idle_bytes() == 0) throw;
        release();
        return std::make_shared<UsmAllocation>(device_, UsmType::Device, need);
    }
}

void ScratchCache::put_back(std::vector<std::shared_ptr<UsmAllocation>> blocks, const Event& last) {
    std::vector<Block> freed;  // freed after the lock: a free may wait for the device
    {
        std::lock_guard lock(mutex_);
        std::size_t call_bytes = 0;
        for (auto& memory : blocks) {
            const std::size_t size = memory->bytes();
            idle_.push_back(Block{std::move(memory), last, this_thread_number(), ++tick_});
            idle_bytes_ += size;
            call_bytes += size;
        }
        // The bound: the call's own blocks, the most recent, always stay.
        const std::size_t bound = std::max(kCachedBytes, call_bytes);
        if (idle_bytes_ > bound) {
            std::sort(idle_.begin(), idle_.end(),
                      [](const Block& a, const Block& b) { return a.tick > b.tick; });
            while (idle_bytes_ > bound) {
                idle_bytes_ -= idle_.back().memory->bytes();
                freed.push_back(std::move(idle_.back()));
                idle_.pop_back();
            }
        }
    }
}

void ScratchCache::release() {
    std::vector<Block> freed;
    std::lock_guard lock(mutex_);
    freed.swap(idle_);
    idle_bytes_ = 0;
    // `freed` goes after the lock: declared before it.
}

std::size_t ScratchCache::idle_bytes() const {
    std::lock_guard lock(mutex_);
    return idle_bytes_;
}

Scratch::Scratch(const runtime::Queue& queue) : queue_(queue), cache_(ScratchCache::of(queue)) {}

Scratch::~Scratch() {
    if (blocks_.empty() || !finished_) return;  // unfinished: the blocks are dropped
    try {
        cache_->put_back(std::move(blocks_), last_);
    } catch (...) {  // no memory for the cache's list: the blocks are dropped instead
    }
}

runtime::UsmArray Scratch::array(DType dtype, std::int64_t n) {
    const std::size_t bytes = static_cast<std::size_t>(n) * dtype_size(dtype);
    blocks_.push_back(cache_->take(bytes));
    return runtime::UsmArray::from_allocation(queue_, blocks_.back(), dtype, {n});
}

Event Scratch::finish(const Event& last) {
    finished_ = true;
    last_ = last;
    if (blocks_.empty()) return last;
    return last.keeping(
        std::make_shared<const std::vector<std::shared_ptr<UsmAllocation>>>(blocks_));
}

}  // namespace dpk::algorithms
