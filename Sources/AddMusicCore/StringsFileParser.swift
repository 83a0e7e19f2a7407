/// Reads the `"key" = "value";` format of `Localizable.strings` files, with `/* */` and `//` comments and the
/// escapes `\"`, `\\`, `\n` and `\t`.
enum StringsFileParser {
    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Array(text.unicodeScalars)[...]
        var strings: [String] = []
        while let scalar = scalars.first {
            if scalar == "/" && scalars.dropFirst().first == "*" {
                scalars = scalars.dropFirst(2)
                while !scalars.isEmpty && !(scalars.first == "*" && scalars.dropFirst().first == "/") {
                    scalars = scalars.dropFirst()
                }
                scalars = scalars.dropFirst(2)
            } else if scalar == "/" && scalars.dropFirst().first == "/" {
                while let next = scalars.first, next != "\n" { scalars = scalars.dropFirst() }
            } else if scalar == "\"" {
                scalars = scalars.dropFirst()
                var value = String.UnicodeScalarView()
                while let next = scalars.popFirst(), next != "\"" {
                    if next == "\\", let escaped = scalars.popFirst() {
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(escaped)
                        }
                    } else {
                        value.append(next)
                    }
                }
                strings.append(String(value))
            } else if scalar == ";" {
                if strings.count == 2 { result[strings[0]] = strings[1] }
                strings = []
                scalars = scalars.dropFirst()
            } else {
                scalars = scalars.dropFirst()
            }
        }
        return result
    }
}
