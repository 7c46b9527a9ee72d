// wire --repro-dir: for each failing server case, a Python script (standard library only) that
// replays it without maskcheck: cli/repro_script.py with the case written in.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "streams/stream_differ.h"
#include "wire/servers/server_replay.h"

namespace maskcheck::cli {

// Bytes as lowercase hex, two digits each.
std::string hex_of(std::span<const std::uint8_t> bytes);

// Writes DIR/ID.py (':' in the id written '-') for a failure of `replay`'s case on `url`, with
// the requirement it breaks; the script's path, or the one-line reason it could not be written.
struct WrittenScript {
  std::string path;
  std::string problem;
};
WrittenScript write_repro_script(const std::string& dir, const StreamFailure& failure,
                                 const std::string& requirement, const std::string& url,
                                 const wire::ServerReplay& replay);

}  // namespace maskcheck::cli
