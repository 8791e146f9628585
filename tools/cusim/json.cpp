#include "tools/cusim/json.hpp"

#include <cerrno>
#include <cstdlib>

namespace cusim::json {

Value Value::make_bool(bool b) {
  Value v;
  v.type_ = Type::boolean;
  v.bool_ = b;
  return v;
}
Value Value::make_number(double d) {
  Value v;
  v.type_ = Type::number;
  v.number_ = d;
  return v;
}
Value Value::make_string(std::string s) {
  Value v;
  v.type_ = Type::string;
  v.string_ = std::move(s);
  return v;
}
Value Value::make_array(std::vector<Value> items) {
  Value v;
  v.type_ = Type::array;
  v.array_ = std::move(items);
  return v;
}
Value Value::make_object(std::vector<std::pair<std::string, Value>> members) {
  Value v;
  v.type_ = Type::object;
  v.object_ = std::move(members);
  return v;
}

namespace {
void expect(bool ok, const char* what) {
  if (!ok) throw std::logic_error(std::string("JSON value is not ") + what);
}
}  // namespace

bool Value::as_bool() const {
  expect(is_bool(), "a boolean");
  return bool_;
}
double Value::as_number() const {
  expect(is_number(), "a number");
  return number_;
}
const std::string& Value::as_string() const {
  expect(is_string(), "a string");
  return string_;
}
const std::vector<Value>& Value::as_array() const {
  expect(is_array(), "an array");
  return array_;
}
const std::vector<std::pair<std::string, Value>>& Value::as_object() const {
  expect(is_object(), "an object");
  return object_;
}
const Value* Value::find(const std::string& key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : object_)
    if (k == key) return &v;
  return nullptr;
}

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  Value document() {
    Value v = value(0);
    space();
    if (pos_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  static constexpr int kMaxDepth = 512;

  [[noreturn]] void fail(const std::string& what) const { throw ParseError(what, pos_); }

  void space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }

  bool literal(const char* word) {
    const std::size_t n = std::char_traits<char>::length(word);
    if (s_.compare(pos_, n, word) != 0) return false;
    pos_ += n;
    return true;
  }

  Value value(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    space();
    if (pos_ >= s_.size()) fail("unexpected end of text");
    const char c = s_[pos_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return Value::make_string(string());
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    if (literal("true")) return Value::make_bool(true);
    if (literal("false")) return Value::make_bool(false);
    if (literal("null")) return Value();
    fail(std::string("unexpected character '") + c + "'");
  }

  Value object(int depth) {
    ++pos_;  // {
    std::vector<std::pair<std::string, Value>> members;
    space();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return Value::make_object(std::move(members));
    }
    for (;;) {
      space();
      if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a member name");
      std::string key = string();
      space();
      if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected ':'");
      ++pos_;
      members.emplace_back(std::move(key), value(depth + 1));
      space();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return Value::make_object(std::move(members));
      }
      fail("expected ',' or '}'");
    }
  }

  Value array(int depth) {
    ++pos_;  // [
    std::vector<Value> items;
    space();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return Value::make_array(std::move(items));
    }
    for (;;) {
      items.push_back(value(depth + 1));
      space();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return Value::make_array(std::move(items));
      }
      fail("expected ',' or ']'");
    }
  }

  unsigned hex4() {
    if (pos_ + 4 > s_.size()) fail("truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = s_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }

  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) out += char(0xc0 | cp >> 6), out += char(0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out += char(0xe0 | cp >> 12), out += char(0x80 | (cp >> 6 & 0x3f)), out += char(0x80 | (cp & 0x3f));
    else
      out += char(0xf0 | cp >> 18), out += char(0x80 | (cp >> 12 & 0x3f)), out += char(0x80 | (cp >> 6 & 0x3f)),
          out += char(0x80 | (cp & 0x3f));
  }

  std::string string() {
    ++pos_;  // "
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("unterminated string");
      const char c = s_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) fail("unterminated string");
      switch (s_[pos_++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xd800 && cp < 0xdc00) {  // a surrogate pair
            if (!literal("\\u")) fail("unpaired surrogate");
            const unsigned low = hex4();
            if (low < 0xdc00 || low >= 0xe000) fail("unpaired surrogate");
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          } else if (cp >= 0xdc00 && cp < 0xe000) {
            fail("unpaired surrogate");
          }
          utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }

  Value number() {
    const std::size_t start = pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    if (s_[pos_] == '-') ++pos_;
    if (pos_ < s_.size() && s_[pos_] == '0') ++pos_;
    else if (digits() == 0) fail("bad number");
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (digits() == 0) fail("bad number");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (digits() == 0) fail("bad number");
    }
    return Value::make_number(std::strtod(s_.substr(start, pos_ - start).c_str(), nullptr));
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

}  // namespace

Value parse(const std::string& text) { return Parser(text).document(); }

}  // namespace cusim::json
