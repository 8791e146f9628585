// A small, strict JSON reader (RFC 8259): the cusim tool reads the findings report with it, and
// the tests read traces and reports. Values are plain data; objects keep their members in order.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cusim::json {

class Value {
 public:
  enum class Type { null, boolean, number, string, array, object };

  Value() = default;
  static Value make_bool(bool b);
  static Value make_number(double d);
  static Value make_string(std::string s);
  static Value make_array(std::vector<Value> items);
  static Value make_object(std::vector<std::pair<std::string, Value>> members);

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::null; }
  bool is_bool() const { return type_ == Type::boolean; }
  bool is_number() const { return type_ == Type::number; }
  bool is_string() const { return type_ == Type::string; }
  bool is_array() const { return type_ == Type::array; }
  bool is_object() const { return type_ == Type::object; }

  // The value as that type; std::logic_error if it is another.
  bool as_bool() const;
  double as_number() const;
  const std::string& as_string() const;
  const std::vector<Value>& as_array() const;
  const std::vector<std::pair<std::string, Value>>& as_object() const;

  // The member `key` of an object, or nullptr (also when this is not an object).
  const Value* find(const std::string& key) const;

 private:
  Type type_ = Type::null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> array_;
  std::vector<std::pair<std::string, Value>> object_;
};

// Thrown by parse(): what is wrong, and the byte offset where.
struct ParseError : std::runtime_error {
  ParseError(const std::string& what, std::size_t offset)
      : std::runtime_error(what + " at byte " + std::to_string(offset)), offset(offset) {}
  std::size_t offset;
};

// Parses one JSON text (surrounding whitespace allowed, nothing else after it).
Value parse(const std::string& text);

}  // namespace cusim::json
