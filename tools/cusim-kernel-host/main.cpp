// cusim-kernel-host: the simulated device of the Python package (docs/PYTHON.md). It holds the
// device memory of a Python session, loads the modules built from its CUDA strings (shared
// objects from cusim-nvcc -shared, which take cusim's runtime from this program: it links the
// whole library and exports its symbols) and launches their kernels, answering each request
// on a channel of its own (channel.hpp), so that a kernel's printf still goes to the terminal.
// A separate process, as a GPU is a separate device: a kernel that faults in the C library,
// calls exit() or never ends cannot take the Python interpreter with it.
//   cusim-kernel-host <request fd> <answer fd>
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include <cusim/cusim.hpp>
#include <cusim/detail/module_kernels.hpp>

#include "sim/config/config.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/static_variables.hpp"
#include "tools/cusim-kernel-host/channel.hpp"

extern "C" void __tsan_init();  // sim/instrument/access_hooks.cpp

namespace cusim::kernel_host {
namespace {

using nlohmann::json;

struct Failure {
  std::string error;    // a CUDA error's name, or cusim's own word ("InvalidRequest", "LoadFailed")
  std::string message;  // what went wrong, in words
};

json answer_of(cudaError_t e) {
  if (e == cudaSuccess) return json{{"ok", true}};
  return json{{"ok", false}, {"error", cudaGetErrorName(e)}, {"message", cudaGetErrorString(e)}};
}

void* pointer(const json& head, const char* key) {
  return reinterpret_cast<void*>(static_cast<std::uintptr_t>(head.at(key).get<std::uint64_t>()));
}
std::uint64_t address(const void* p) { return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p)); }

json finding_json(const Finding& f) {
  return json{{"kind", f.kind},       {"error", cudaGetErrorName(f.error)},
              {"kernel", f.kernel},   {"text", f.text},
              {"space", f.space},     {"file", f.file},
              {"line", f.line},       {"other_file", f.other_file},
              {"other_line", f.other_line}, {"count", f.count},
              {"relation", f.relation}};
}

// Settings for the launches that follow: the names of CUSIM_CHECK and CUSIM_SCHEDULE.
void apply_settings(const json& s) {
  Settings& settings = cusim::settings();
  if (s.contains("checks")) {
    const std::string text = s["checks"].get<std::string>();
    unsigned bits = 0;
    if (!sim::parse_checks(text.c_str(), &bits)) throw Failure{"InvalidValue", "unknown checker in '" + text + "'"};
    settings.checks = bits;
  }
  if (s.contains("schedule")) {
    const std::string name = s["schedule"].get<std::string>();
    static const std::pair<const char*, Schedule> kSchedules[] = {{"in-order", Schedule::in_order},
                                                                   {"reverse", Schedule::reverse},
                                                                   {"random", Schedule::random},
                                                                   {"interleaved", Schedule::interleaved}};
    bool known = false;
    for (const auto& [word, value] : kSchedules)
      if (name == word) settings.schedule = value, known = true;
    if (!known) throw Failure{"InvalidValue", "unknown schedule '" + name + "'"};
  }
  if (s.contains("workers")) {
    const long long workers = s["workers"].get<long long>();
    if (workers < 1 || workers > 4096) throw Failure{"InvalidValue", "workers must be from 1 to 4096"};
    settings.workers = static_cast<unsigned>(workers);
  }
  if (s.contains("seed")) settings.seed = s["seed"].get<unsigned long long>();
  if (s.contains("timeout")) {
    const double seconds = s["timeout"].get<double>();
    if (!(seconds >= 0 && seconds <= 1e6)) throw Failure{"InvalidValue", "timeout must be from 0 to 1000000 seconds"};
    settings.timeout = seconds;
  }
}

// The settings launches get when a request names none: the environment's (CUSIM_*), as read at start.
json settings_json() {
  const Settings& s = cusim::settings();
  static const char* const kCheckNames[] = {"memcheck", "racecheck", "initcheck", "synccheck"};
  std::string checks;
  for (unsigned i = 0; i < 4; ++i)
    if (s.checks & (1u << i)) checks += (checks.empty() ? "" : ",") + std::string(kCheckNames[i]);
  static const char* const kScheduleNames[] = {"in-order", "reverse", "random", "interleaved"};
  return json{{"checks", checks.empty() ? "none" : checks},
              {"schedule", kScheduleNames[static_cast<unsigned>(s.schedule)]},
              {"workers", s.workers},
              {"seed", s.seed},
              {"timeout", s.timeout}};
}

json load_module(const std::string& path) {
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!module) throw Failure{"LoadFailed", dlerror()};
  json kernels = json::array();
  const auto* table = static_cast<const detail::ModuleKernel*>(dlsym(module, "cusim_module_kernels"));
  for (const detail::ModuleKernel* k = table; k && k->name; ++k) {
    json params = json::array();
    for (std::size_t i = 0; i < k->parameters; ++i)
      params.push_back(json{{"size", k->sizes[i]}, {"kind", std::string(1, k->kinds[i])}});
    kernels.push_back(json{{"name", k->name}, {"address", address(k->address)}, {"parameters", params}});
  }
  json functions = json::array();
  const auto* hosts = static_cast<const detail::ModuleFunction*>(dlsym(module, "cusim_module_functions"));
  for (const detail::ModuleFunction* f = hosts; f && f->name; ++f) {
    json params = json::array();
    for (std::size_t i = 0; i < f->parameters; ++i)
      params.push_back(json{{"size", f->sizes[i]}, {"kind", std::string(1, f->kinds[i])},
                            {"pointee", std::string(1, f->pointees[i])}});
    functions.push_back(json{{"name", f->name}, {"entry", address(f)}, {"parameters", params},
                             {"result", json{{"size", f->result_size}, {"kind", std::string(1, f->result_kind)}}}});
  }
  // Modules stay loaded for the session: their kernels and variables are registered with the runtime.
  return json{{"ok", true}, {"module", address(module)}, {"kernels", kernels}, {"functions", functions}};
}

// After work that may have run kernels: what they printed, their findings, and a reset of the
// device after a sticky error (a fault), which leaves a GPU's context unusable until the process
// ends, where a Python session goes on, told that the device's memory is gone.
void finish(json& a, cudaError_t e) {
  json findings = json::array();
  for (const Finding& f : take_findings()) findings.push_back(finding_json(f));
  a["findings"] = findings;
  if (e != cudaSuccess && cudaPeekAtLastError() != cudaSuccess) {
    cudaDeviceReset();
    a["reset"] = true;
  }
}

json global_variable(const json& head) {
  void* const symbol = dlsym(pointer(head, "module"), head.at("name").get<std::string>().c_str());
  const sim::StaticVariable* v = symbol ? sim::static_variable_holding(address(symbol)) : nullptr;
  if (!v || v->begin != address(symbol))
    throw Failure{"InvalidSymbol", "the module defines no __device__ or __constant__ variable '" +
                                       head.at("name").get<std::string>() + "' with C linkage (extern \"C\")"};
  return json{{"ok", true}, {"address", v->begin}, {"size", v->size}};
}

// Copies to device memory or to a module's variable (which only the symbol calls write, as CUDA's
// cudaMemcpyToSymbol: a kernel reads __constant__ memory that the host wrote).
cudaError_t upload(void* to, const std::vector<unsigned char>& bytes) {
  if (const sim::StaticVariable* v = sim::static_variable_holding(address(to)); v && address(to) < v->end())
    return detail::copy_symbol(reinterpret_cast<void*>(v->begin), v->size, const_cast<unsigned char*>(bytes.data()),
                               bytes.size(), address(to) - v->begin, cudaMemcpyHostToDevice, true);
  return cudaMemcpy(to, bytes.data(), bytes.size(), cudaMemcpyHostToDevice);
}
cudaError_t download(const void* from, std::vector<unsigned char>& bytes) {
  if (const sim::StaticVariable* v = sim::static_variable_holding(address(from)); v && address(from) < v->end())
    return detail::copy_symbol(reinterpret_cast<void*>(v->begin), v->size, bytes.data(), bytes.size(),
                               address(from) - v->begin, cudaMemcpyDeviceToHost, false);
  return cudaMemcpy(bytes.data(), from, bytes.size(), cudaMemcpyDeviceToHost);
}

// A launch of a module's kernel: the payload holds the arguments, each at the offset the request
// gives (the caller packed them as the kernel's parameters want, from the module's table).
json launch(const Message& m) {
  const json& h = m.head;
  if (h.contains("settings")) apply_settings(h["settings"]);
  const auto dims = [&](const char* key) {
    const std::vector<unsigned> d = h.at(key).get<std::vector<unsigned>>();
    return dim3(d.at(0), d.at(1), d.at(2));
  };
  // The arguments, copied to storage aligned for any parameter.
  std::vector<std::max_align_t> storage(m.payload.size() / sizeof(std::max_align_t) + 1);
  std::memcpy(storage.data(), m.payload.data(), m.payload.size());
  std::vector<void*> args;
  for (const json& offset : h.at("offsets"))
    args.push_back(reinterpret_cast<unsigned char*>(storage.data()) + offset.get<std::size_t>());
  const cudaError_t launched =
      detail::launch_by_address("cusim.RawKernel", pointer(h, "kernel"), dims("grid"), dims("block"), args.data(),
                                h.value("shared_mem", std::size_t{0}), nullptr, std::source_location::current(),
                                h.value("cooperative", false));
  const cudaError_t finished = launched == cudaSuccess ? cudaDeviceSynchronize() : launched;
  cudaGetLastError();  // a launch's own error is answered here; a sticky one stays
  json a = answer_of(finished);
  finish(a, finished);
  return a;
}

// A call of a module's host function (load_inline). The payload holds the arguments at the
// request's offsets, then the bytes of each host buffer (a NumPy array passed for a pointer),
// which this process copies into memory of its own, points the argument at, and sends back after
// the call when the function may have written it. The answer's payload: the result's bytes, then
// those buffers.
json call(const Message& m, std::vector<unsigned char>& payload) {
  const json& h = m.head;
  if (h.contains("settings")) apply_settings(h["settings"]);
  const auto& f = *static_cast<const detail::ModuleFunction*>(pointer(h, "entry"));
  std::vector<std::max_align_t> storage(m.payload.size() / sizeof(std::max_align_t) + 1);
  std::memcpy(storage.data(), m.payload.data(), m.payload.size());
  auto* const bytes = reinterpret_cast<unsigned char*>(storage.data());
  std::vector<void*> args;
  for (const json& offset : h.at("offsets")) args.push_back(bytes + offset.get<std::size_t>());
  struct Buffer {
    std::vector<std::max_align_t> memory;
    std::size_t bytes;
    bool back;
  };
  std::vector<Buffer> buffers;
  for (const json& b : h.value("buffers", json::array())) {
    Buffer& buffer = buffers.emplace_back();
    buffer.bytes = b.at("bytes").get<std::size_t>();
    buffer.back = b.at("back").get<bool>();
    buffer.memory.resize(buffer.bytes / sizeof(std::max_align_t) + 1);
    std::memcpy(buffer.memory.data(), m.payload.data() + b.at("offset").get<std::size_t>(), buffer.bytes);
    void* const p = buffer.memory.data();
    std::memcpy(args.at(b.at("arg").get<std::size_t>()), &p, sizeof p);
  }
  std::vector<std::max_align_t> result(f.result_size / sizeof(std::max_align_t) + 1);
  f.call(args.data(), result.data());
  const cudaError_t synced = cudaDeviceSynchronize();  // what it launched has ended, and printed
  json a = json{{"ok", true}};
  finish(a, synced);
  payload.assign(reinterpret_cast<unsigned char*>(result.data()),
                 reinterpret_cast<unsigned char*>(result.data()) + f.result_size);
  for (const Buffer& b : buffers)
    if (b.back)
      payload.insert(payload.end(), reinterpret_cast<const unsigned char*>(b.memory.data()),
                     reinterpret_cast<const unsigned char*>(b.memory.data()) + b.bytes);
  return a;
}

// One request's answer (and, for a download, its payload).
json handle(const Message& m, std::vector<unsigned char>& payload) {
  const json& h = m.head;
  const std::string op = h.at("op").get<std::string>();
  if (op == "hello") return json{{"ok", true}, {"version", CUSIM_VERSION}, {"settings", settings_json()}};
  if (op == "malloc") {
    void* p = nullptr;
    const cudaError_t e = cudaMalloc(&p, h.at("bytes").get<std::size_t>());
    json a = answer_of(e);
    if (e == cudaSuccess) {
      a["address"] = address(p);
      // Its number, by which findings' notes name it ("allocation #3"), for the caller to say where
      // in Python it was made.
      if (const auto heap = sim::DeviceHeap::instance().lookup(p)) a["serial"] = heap->serial;
      if (h.contains("name")) name_allocation(p, h["name"].get<std::string>().c_str());
    }
    return a;
  }
  if (op == "free") return answer_of(cudaFree(pointer(h, "address")));
  if (op == "upload") return answer_of(upload(pointer(h, "address"), m.payload));
  if (op == "download") {
    payload.resize(h.at("bytes").get<std::size_t>());
    const cudaError_t e = download(pointer(h, "address"), payload);
    if (e != cudaSuccess) payload.clear();
    return answer_of(e);
  }
  if (op == "memset")
    return answer_of(cudaMemset(pointer(h, "address"), h.at("value").get<int>(), h.at("bytes").get<std::size_t>()));
  if (op == "name") {
    name_allocation(pointer(h, "address"), h.at("name").get<std::string>().c_str());
    return json{{"ok", true}};
  }
  if (op == "load") return load_module(h.at("path").get<std::string>());
  if (op == "global") return global_variable(h);
  if (op == "launch") return launch(m);
  if (op == "call") return call(m, payload);
  if (op == "settings") {
    apply_settings(h);
    return json{{"ok", true}};
  }
  if (op == "findings") {
    json all = json::array();
    for (const Finding& f : take_findings()) all.push_back(finding_json(f));
    return json{{"ok", true}, {"findings", all}};
  }
  if (op == "reset") return answer_of(cudaDeviceReset());
  throw Failure{"InvalidRequest", "unknown request '" + op + "'"};
}

int serve(int in, int out) {
  // The modules are the checked build (unless built fast), loaded after the first allocation: the
  // checkers' shadow of the device heap must follow every allocation from the start, as it does in
  // a checked program, whose instrumented code calls this before main.
  __tsan_init();
  Channel channel(in, out);
  while (std::optional<Message> m = channel.receive()) {
    std::vector<unsigned char> payload;
    json a;
    try {
      a = handle(*m, payload);
    } catch (const Failure& f) {
      a = json{{"ok", false}, {"error", f.error}, {"message", f.message}};
    } catch (const std::exception& e) {
      a = json{{"ok", false}, {"error", "InvalidRequest"}, {"message", e.what()}};
    }
    std::fflush(stdout);  // what kernels printed comes before the answer that lets Python go on
    channel.send(a, payload.data(), payload.size());
  }
  return 0;
}

}  // namespace
}  // namespace cusim::kernel_host

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: cusim-kernel-host <request fd> <answer fd> (started by the Python package cusim)\n");
    return 2;
  }
  return cusim::kernel_host::serve(std::atoi(argv[1]), std::atoi(argv[2]));
}
