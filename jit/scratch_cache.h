// The device-wide algorithms' scratch memory: cached per queue between calls, handed to one call
// at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "dpk/runtime/device.h"
#include "dpk/runtime/event.h"
#include "dpk/runtime/queue.h"
#include "dpk/runtime/usm_allocation.h"
#include "dpk/runtime/usm_array.h"

namespace dpk::algorithms {

/// Device memory the algorithms keep for one queue between calls, so that repeated calls reuse
/// it instead of allocating it and freeing it again (on CUDA a cuMemFree synchronizes the
/// device). It lives in the queue's attachment slot (Queue::attachment): shared by the queue's
/// copies, released with the last of them, never seen by another queue.
///
/// A block is handed to one call at a time. A call of the thread that used it last takes it at
/// once: that thread's commands on the queue run in the order it submitted them, so the new
/// call's kernels run after the earlier call's. A call of another thread takes it once the
/// earlier call's last command completed: a queue over CUDA's per-thread default stream runs
/// each host thread's commands on that thread's own stream, in no order across threads.
///
/// Bounded: after a call, the idle blocks beyond the larger of kCachedBytes and that call's own
/// scratch are freed, the longest idle first.
class ScratchCache {
public:
    /// Idle bytes a queue's cache keeps at most, unless its last call needed more.
    static constexpr std::size_t kCachedBytes = std::size_t{1} << 30;

    explicit ScratchCache(runtime::Device device) : device_(std::move(device)) {}
    ScratchCache(const ScratchCache&) = delete;
    ScratchCache& operator=(const ScratchCache&) = delete;

    /// The cache of `queue`, made on first use.
    static std::shared_ptr<ScratchCache> of(const runtime::Queue& queue);
    /// The cache of `queue`; null when no call made one.
    static std::shared_ptr<ScratchCache> find(const runtime::Queue& queue);

    /// A block of at least `bytes` for a call of this thread: an idle one that fits, else a new
    /// allocation (after freeing the idle blocks, should the device have no room).
    std::shared_ptr<runtime::UsmAllocation> take(std::size_t bytes);
    /// The blocks of a call of this thread whose commands are all enqueued, `last` the event of
    /// its last command: idle again, then the cache is trimmed to its bound.
    void put_back(std::vector<std::shared_ptr<runtime::UsmAllocation>> blocks,
                  const runtime::Event& last);
    /// Frees the idle blocks (the memory of a block an event still keeps goes with the event).
    void release();
    /// Bytes of the idle blocks.
    std::size_t idle_bytes() const;

private:
    struct Block {
        std::shared_ptr<runtime::UsmAllocation> memory;
        runtime::Event last;       // of the last call that used it
        std::uint64_t thread = 0;  // that call's host thread (this_thread_number)
        std::uint64_t tick = 0;    // when it came back: a higher tick is more recent
    };
    /// Whether a call of this thread may use `block` now.
    static bool free_for_this_thread(const Block& block);

    runtime::Device device_;
    mutable std::mutex mutex_;
    std::vector<Block> idle_;
    std::size_t idle_bytes_ = 0;
    std::uint64_t tick_ = 0;
};

/// The scratch arrays of one algorithm call on one queue, from the queue's ScratchCache. Made on
/// the call's stack; `finish` hands the call's event back owning the memory, and the blocks go
/// back to the cache when this goes. A call that throws before `finish` drops its blocks (they
/// are freed once its enqueued commands are done with them: a free waits for those).
class Scratch {
public:
    explicit Scratch(const runtime::Queue& queue);
    ~Scratch();
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;

    /// A 1-d array of `n` elements of `dtype`, uninitialized.
    runtime::UsmArray array(DType dtype, std::int64_t n);
    /// `last` (the event of the call's last command), also owning the call's scratch until its
    /// last copy goes.
    runtime::Event finish(const runtime::Event& last);

private:
    const runtime::Queue& queue_;
    std::shared_ptr<ScratchCache> cache_;
    std::vector<std::shared_ptr<runtime::UsmAllocation>> blocks_;
    runtime::Event last_;
    bool finished_ = false;
};

}  // namespace dpk::algorithms
