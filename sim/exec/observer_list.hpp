// The block observers of one block run that get one class of events (every event, accesses,
// per-thread events). Its test is one load of a pointer, null when the list is empty, so that a
// hook site of an unobserved block costs what a single observer pointer would: the list itself is
// read only when it is not empty.
#pragma once
#include <vector>

#include "sim/exec/observer.hpp"

namespace cusim::sim {

class ObserverList {
 public:
  bool any() const { return first_ != nullptr; }
  void clear() {
    list_.clear();  // keeps its capacity: a block run reuses it block after block
    first_ = nullptr;
  }
  void add(BlockObserver* o) {
    list_.push_back(o);
    first_ = list_.front();
  }
  auto begin() const { return list_.begin(); }
  auto end() const { return list_.end(); }
  auto rbegin() const { return list_.rbegin(); }
  auto rend() const { return list_.rend(); }

 private:
  BlockObserver* first_ = nullptr;
  std::vector<BlockObserver*> list_;
};

}  // namespace cusim::sim
