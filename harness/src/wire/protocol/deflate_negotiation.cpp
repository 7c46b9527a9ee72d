#include "wire/protocol/deflate_negotiation.h"

#include <charconv>
#include <set>
#include <vector>

namespace maskcheck::wire {

namespace {

constexpr std::string_view kName = "permessage-deflate";

struct Parameter {
  std::string name;
  std::optional<std::string> value;
};

struct Extension {
  std::string name;
  std::vector<Parameter> parameters;
};

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Splits at `separator` outside double quotes.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  bool quoted = false;
  std::size_t from = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == separator && !quoted) {
      parts.push_back(trimmed(text.substr(from, i - from)));
      from = i + 1;
    }
  }
  parts.push_back(trimmed(text.substr(from)));
  return parts;
}

// "a, b; x=1; y" as extensions with their parameters (RFC 6455 section 9.1's grammar, loosely).
std::variant<std::vector<Extension>, std::string> parse_extensions(std::string_view text) {
  std::vector<Extension> extensions;
  for (std::string_view item : split(text, ',')) {
    if (item.empty()) continue;  // a list's empty elements are ignored (RFC 7230 section 7)
    const std::vector<std::string_view> fields = split(item, ';');
    if (fields.front().empty()) return "an empty extension in '" + std::string(text) + "'";
    Extension extension{std::string(fields.front()), {}};
    for (std::size_t i = 1; i < fields.size(); ++i) {
      const std::size_t equals = fields[i].find('=');
      Parameter parameter{std::string(trimmed(fields[i].substr(0, equals))), std::nullopt};
      if (parameter.name.empty()) return "an empty parameter in '" + std::string(text) + "'";
      if (equals != std::string_view::npos) {
        std::string_view value = trimmed(fields[i].substr(equals + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
          value = value.substr(1, value.size() - 2);
        parameter.value = std::string(value);
      }
      extension.parameters.push_back(std::move(parameter));
    }
    extensions.push_back(std::move(extension));
  }
  return extensions;
}

// A window-bits value, 8..15, with no sign or leading zero.
std::optional<unsigned> window_bits(const std::string& value) {
  unsigned bits = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), bits);
  if (error != std::errc{} || end != value.data() + value.size() || value.front() == '0' ||
      bits < 8 || bits > 15) {
    return std::nullopt;
  }
  return bits;
}

// What is wrong with a permessage-deflate's parameters: each known, named once, valued as its kind.
std::string parameters_problem(const Extension& extension, std::string_view who) {
  std::set<std::string> seen;
  for (const Parameter& parameter : extension.parameters) {
    static const std::set<std::string> kKnown{"server_no_context_takeover",
                                              "client_no_context_takeover",
                                              "server_max_window_bits", "client_max_window_bits"};
    if (!kKnown.contains(parameter.name))
      return std::string(who) + " has the unknown parameter '" + parameter.name + "'";
    if (!seen.insert(parameter.name).second)
      return std::string(who) + " names '" + parameter.name + "' twice";
    const bool takes_value = parameter.name.ends_with("window_bits");
    if (!takes_value && parameter.value)
      return std::string(who) + "'s '" + parameter.name + "' takes no value";
    if (parameter.value && !window_bits(*parameter.value)) {
      return std::string(who) + "'s " + parameter.name + "=" + *parameter.value +
             " is not a window size of 8 to 15 bits";
    }
  }
  return {};
}

// The one permessage-deflate in `text` and its parameters, each named once and known.
std::variant<Extension, std::string> deflate_extension(std::string_view text,
                                                       std::string_view who) {
  auto parsed = parse_extensions(text);
  if (auto* reason = std::get_if<std::string>(&parsed)) return std::string(who) + ": " + *reason;
  auto& extensions = std::get<std::vector<Extension>>(parsed);
  if (extensions.size() != 1 || extensions.front().name != kName) {
    return std::string(who) + " must be one " + std::string(kName) + ", not '" + std::string(text) +
           "'";
  }
  if (std::string problem = parameters_problem(extensions.front(), who); !problem.empty())
    return problem;
  return std::move(extensions.front());
}

// A checked permessage-deflate's parameters as an offer.
std::variant<DeflateOffer, std::string> offer_of(const Extension& extension) {
  DeflateOffer offer;
  offer.client_max_window_bits = false;
  for (const Parameter& parameter : extension.parameters) {
    if (parameter.name == "server_no_context_takeover") offer.server_no_context_takeover = true;
    if (parameter.name == "client_no_context_takeover") offer.client_no_context_takeover = true;
    if (parameter.name == "server_max_window_bits") {
      if (!parameter.value) return "the offer's server_max_window_bits needs a value, 8 to 15";
      offer.server_max_window_bits = window_bits(*parameter.value);
    }
    if (parameter.name == "client_max_window_bits") {
      offer.client_max_window_bits = true;
      if (parameter.value) offer.client_max_window_bits_value = window_bits(*parameter.value);
    }
  }
  return offer;
}

}  // namespace

std::string describe(const DeflateAgreement& agreement, Sender maskcheck) {
  const auto side = [](const DeflateParameters& p) {
    return std::to_string(p.window_bits) + "-bit window, " +
           (p.no_context_takeover ? "no context takeover" : "context takeover");
  };
  if (maskcheck == Sender::server) {
    return "the client's messages: " + side(agreement.client) +
           "; maskcheck's: " + side(agreement.server);
  }
  return "maskcheck's messages: " + side(agreement.client) +
         "; the server's: " + side(agreement.server);
}

std::string DeflateOffer::header() const {
  std::string text(kName);
  if (server_no_context_takeover) text += "; server_no_context_takeover";
  if (client_no_context_takeover) text += "; client_no_context_takeover";
  if (server_max_window_bits)
    text += "; server_max_window_bits=" + std::to_string(*server_max_window_bits);
  if (client_max_window_bits) {
    text += "; client_max_window_bits";
    if (client_max_window_bits_value) text += "=" + std::to_string(*client_max_window_bits_value);
  }
  return text;
}

std::variant<DeflateOffer, std::string> parse_offer(const std::string& text) {
  auto parsed = deflate_extension(text, "the permessage-deflate offer");
  if (auto* reason = std::get_if<std::string>(&parsed)) return *reason;
  return offer_of(std::get<Extension>(parsed));
}

std::variant<DeflateAcceptance, std::string> accept_offer(const std::string& offers) {
  if (trimmed(offers).empty())
    return "the client offered no permessage-deflate (its request has no Sec-WebSocket-Extensions)";
  auto parsed = parse_extensions(offers);
  if (auto* reason = std::get_if<std::string>(&parsed))
    return "the client's Sec-WebSocket-Extensions: " + *reason;
  std::string declined;
  for (const Extension& extension : std::get<std::vector<Extension>>(parsed)) {
    if (extension.name != kName) continue;
    // An offer that cannot be taken is declined, and the next one tried (RFC 7692 section 5).
    const std::string problem = parameters_problem(extension, "the client's offer");
    auto offer = problem.empty() ? offer_of(extension) : problem;
    if (auto* reason = std::get_if<std::string>(&offer)) {
      declined = *reason;
      continue;
    }
    DeflateAcceptance accepted;
    accepted.offer = std::get<DeflateOffer>(offer);
    const DeflateOffer& taken = accepted.offer;
    // The answer names what the offer did, but the client's window, which it keeps.
    DeflateOffer answer = taken;
    answer.client_max_window_bits = false;
    accepted.header = answer.header();
    accepted.agreed.server = {taken.server_max_window_bits.value_or(15),
                              taken.server_no_context_takeover};
    // The client's own window is at most 15 bits whatever it offered: inflated with 15.
    accepted.agreed.client = {15, taken.client_no_context_takeover};
    return accepted;
  }
  return declined.empty() ? "the client offered no permessage-deflate, only '" + offers + "'"
                          : "no permessage-deflate offer of the client can be taken: " + declined;
}

std::variant<DeflateAgreement, std::string> read_answer(const DeflateOffer& offer,
                                                        const std::string& answer) {
  if (trimmed(answer).empty())
    return "the server declined permessage-deflate (its answer has no Sec-WebSocket-Extensions)";
  auto parsed = deflate_extension(answer, "the server's Sec-WebSocket-Extensions");
  if (auto* reason = std::get_if<std::string>(&parsed)) return *reason;
  DeflateAgreement agreed;
  bool answered_server_bits = false;
  agreed.client.window_bits = offer.client_max_window_bits_value.value_or(15);
  agreed.client.no_context_takeover = offer.client_no_context_takeover;
  agreed.server.window_bits = offer.server_max_window_bits.value_or(15);
  for (const Parameter& parameter : std::get<Extension>(parsed).parameters) {
    const std::string value = parameter.value.value_or("");
    if (parameter.name == "server_no_context_takeover") agreed.server.no_context_takeover = true;
    if (parameter.name == "client_no_context_takeover") agreed.client.no_context_takeover = true;
    if (parameter.name.ends_with("window_bits") && !parameter.value) {
      return "the server's " + parameter.name + " has no value (an answer must give the bits)";
    }
    if (parameter.name == "server_max_window_bits") {
      const unsigned bits = *window_bits(value);
      if (bits > agreed.server.window_bits) {
        return "the server answered server_max_window_bits=" + value + ", over the offered " +
               std::to_string(agreed.server.window_bits);
      }
      agreed.server.window_bits = bits;
      answered_server_bits = true;
    }
    if (parameter.name == "client_max_window_bits") {
      if (!offer.client_max_window_bits)
        return "the server answered client_max_window_bits, which was not offered";
      const unsigned bits = *window_bits(value);
      if (bits > agreed.client.window_bits) {
        return "the server answered client_max_window_bits=" + value + ", over the offered " +
               std::to_string(agreed.client.window_bits);
      }
      agreed.client.window_bits = bits;
    }
  }
  if (offer.server_no_context_takeover && !agreed.server.no_context_takeover)
    return "the server left out server_no_context_takeover, which the offer asked for";
  if (offer.server_max_window_bits && !answered_server_bits)
    return "the server left out server_max_window_bits, which the offer asked for";
  return agreed;
}

}  // namespace maskcheck::wire
