// Loads plug-in libraries (maskcheck/plugin.h): checks every kernel and entry declaration, and
// gives a kernel that fits the frame parser the functions the parser calls, through fixed
// trampolines (the parser's kernel is plain function pointers).
#include <algorithm>
#include <array>
#include <utility>

#include "core/entry_contract.h"
#include "maskcheck/entries_from_words.h"
#include "registry/kernel_registry.h"
#include "registry/loaded_kernels.h"
#include "registry/plugin_library.h"

namespace maskcheck {

namespace {

// Plug-in kernels that can drive the frame parser, at most.
constexpr std::size_t kParserSlots = 32;

struct ParserEntries {
  const Entry* imprecise = nullptr;
  const Entry* inplace = nullptr;
  const Entry* exact = nullptr;
};
std::array<ParserEntries, kParserSlots> parser_slots;
std::size_t parser_slots_used = 0;

// Unmasks from key position `phase` through the entry's own way of carrying the key.
unsigned call_from_phase(const Entry& entry, std::uint8_t* dst, const std::uint8_t* src,
                         std::size_t n, Key key, unsigned phase) {
  if (entry.key == MASKCHECK_KEY_PHASE) return entry.call(dst, src, n, key.data(), phase);
  Key rotated = rotate_key(key, phase);
  entry.call(dst, src, n, rotated.data(), 0);
  return static_cast<unsigned>((phase + n) & 3);
}

template <std::size_t kSlot>
struct ParserTrampoline {
  static void imprecise(std::uint8_t* dst, const std::uint8_t* src, Key key, std::size_t n) {
    call_from_phase(*parser_slots[kSlot].imprecise, dst, src, n, key, 0);
  }
  static void inplace(std::uint8_t* data, Key key, std::size_t n) {
    call_from_phase(*parser_slots[kSlot].inplace, data, data, n, key, 0);
  }
  static unsigned exact(std::uint8_t* dst, const std::uint8_t* src, std::size_t n, Key key,
                        unsigned phase) {
    return call_from_phase(*parser_slots[kSlot].exact, dst, src, n, key, phase);
  }
};

template <std::size_t... kSlots>
constexpr std::array<UnmaskFunctions, kParserSlots> make_trampolines(
    std::index_sequence<kSlots...>) {
  // The parser never calls words.
  return {UnmaskFunctions{nullptr, ParserTrampoline<kSlots>::imprecise,
                          ParserTrampoline<kSlots>::inplace, ParserTrampoline<kSlots>::exact}...};
}

constexpr std::array<UnmaskFunctions, kParserSlots> kTrampolines =
    make_trampolines(std::make_index_sequence<kParserSlots>());

// An entry that can play all three of the parser's parts: it moves data by any shift below src
// (in place included) and touches exactly n bytes, whatever its key carrying.
bool plays_every_parser_part(const Entry& entry) {
  return moves_data(entry) && entry.min_shift == 0 && entry.max_shift == MASKCHECK_ANY_SHIFT &&
         entry.length_multiple == 1 && exactly_n(entry.read) && exactly_n(entry.write) &&
         entry.beyond == MASKCHECK_BEYOND_UNTOUCHED;
}

// The three the parser calls: maskcheck's own three, or else the first entry that can play every
// part; nullptr where one is missing.
ParserEntries parser_entries_of(const Kernel& kernel) {
  auto find = [&](const char* name) -> const Entry* {
    const Entry* entry = kernel.entry(name);
    const Entry* own = reference_kernel().entry(name);
    if (entry == nullptr) return nullptr;
    // The parser never puts dst above src: an entry fits whether or not it also takes that.
    Entry as_the_parser_calls_it = *entry;
    as_the_parser_calls_it.dst_above = own->dst_above;
    return same_contract(as_the_parser_calls_it, *own) ? entry : nullptr;
  };
  const ParserEntries own{find("imprecise"), find("inplace"), find("exact")};
  if (own.imprecise && own.inplace && own.exact) return own;
  const auto any = std::ranges::find_if(kernel.entries, plays_every_parser_part);
  if (any == kernel.entries.end()) return {};
  return {&*any, &*any, &*any};
}

// Why a plug-in kernel cannot be registered, or "".
std::string check_plugin_kernel(const maskcheck_kernel& kernel) {
  if (!is_valid_name(kernel.name)) {
    return "a kernel name must be letters, digits, '-', '_' or '.', not " + quoted(kernel.name);
  }
  const std::string name = kernel.name;
  if (find_kernel(name) != nullptr) return "kernel '" + name + "' is already registered";
  if (kernel.entries == nullptr || kernel.entry_count == 0)
    return "kernel '" + name + "' declares no entry points";
  for (std::size_t i = 0; i < kernel.entry_count; ++i) {
    const Entry& entry = kernel.entries[i];
    if (!is_valid_name(entry.name)) {
      return "kernel '" + name + "': an entry name must be letters, digits, '-', '_' or '.', not " +
             quoted(entry.name);
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (std::string_view(kernel.entries[j].name) == entry.name)
        return "kernel '" + name + "' declares entry '" + entry.name + "' twice";
    }
    if (std::string why = check_declaration(entry); !why.empty())
      return "kernel '" + name + "', entry '" + entry.name + "': " + why;
  }
  return "";
}

// Gives the kernel the parser's functions if it has the three entries and a slot is free.
void give_parser_functions(Kernel& kernel) {
  const ParserEntries entries = parser_entries_of(kernel);
  if (!entries.imprecise || !entries.inplace || !entries.exact) return;
  if (parser_slots_used == kParserSlots) return;
  parser_slots[parser_slots_used] = entries;
  kernel.functions = &kTrampolines[parser_slots_used++];
}

}  // namespace

std::deque<LoadedKernel>& loaded_kernels() {
  static std::deque<LoadedKernel> loaded;
  return loaded;
}

const LoadedKernel* find_loaded(std::string_view name) {
  for (const LoadedKernel& loaded : loaded_kernels()) {
    if (loaded.kernel.name == name) return &loaded;
  }
  return nullptr;
}

std::string load_plugin(const std::string& path, const std::vector<std::string>& only) {
  auto opened = open_plugin_library(path, "maskcheck_plugin_kernels", "plugin.h", "--plugin");
  if (const auto* reason = std::get_if<std::string>(&opened)) return *reason;
  const auto& [function, absolute] = std::get<PluginLibrary>(opened);
  const auto entry = reinterpret_cast<decltype(&maskcheck_plugin_kernels)>(function);
  std::size_t count = 0;
  std::uint32_t abi = 0;
  const maskcheck_kernel* kernels = entry(&count, &abi);
  if (abi != MASKCHECK_PLUGIN_ABI) {
    return "--plugin: " + path + " was built for plug-in ABI " + std::to_string(abi) +
           ", this maskcheck has " + std::to_string(MASKCHECK_PLUGIN_ABI) + ": rebuild it";
  }
  if (kernels == nullptr || count == 0) return "--plugin: " + path + " offers no kernels";
  for (const std::string& wanted : only) {
    const bool offered = std::any_of(kernels, kernels + count, [&](const maskcheck_kernel& k) {
      return k.name != nullptr && wanted == k.name;
    });
    if (!offered) return "--plugin: " + path + " has no kernel '" + wanted + "'";
  }
  const std::size_t loaded_before = loaded_kernels().size();
  const std::size_t slots_before = parser_slots_used;
  for (std::size_t i = 0; i < count; ++i) {
    const maskcheck_kernel& declared = kernels[i];
    const bool selected = only.empty() || (declared.name != nullptr &&
                                           std::ranges::find(only, declared.name) != only.end());
    if (!selected) continue;
    if (std::string why = check_plugin_kernel(declared); !why.empty()) {
      loaded_kernels().resize(loaded_before);  // all of a library's kernels or none
      parser_slots_used = slots_before;
      return "--plugin: " + path + ": " + why;
    }
    Kernel kernel{declared.name, declared.summary ? declared.summary : "",
                  std::span<const Entry>(declared.entries, declared.entry_count),
                  declared.cpu_supports, nullptr};
    give_parser_functions(kernel);
    loaded_kernels().push_back({kernel, absolute});
  }
  return "";
}

std::string load_plugins_from_environment() {
  return load_each_listed("MASKCHECK_PLUGINS", [](const std::string& path, const auto& only) {
    return load_plugin(path, only);
  });
}

}  // namespace maskcheck
