// MARK: - A request as each language's code

extension CodeLanguage {
    /// The code for `call` in this language.
    func render(_ call: CodeCall) -> String {
        switch self {
        case .swift: Self.ferryHTTP(call)
        case .swiftURLSession: Self.urlSession(call)
        case .python: Self.python(call)
        case .javascript: Self.javascript(call)
        case .httpie: Self.httpie(call)
        case .go: Self.go(call)
        }
    }

    private static func ferryHTTP(_ call: CodeCall) -> String {
        var lines = [
            "import FerryHTTP", "", "let client = HTTPClient()",
            "var request = HTTPRequest(\(CodeLiterals.swift(call.method)), path: \(CodeLiterals.swift(call.url)))",
        ]
        lines += call.headers.map {
            "request.headers.add(\(CodeLiterals.swift($0.name)), \(CodeLiterals.swift($0.value)))"
        }
        if let body = call.body {
            lines.append("request.body = .data(Data(\(CodeLiterals.swift(body)).utf8), contentType: nil)")
        }
        if let timeout = call.timeout { lines.append("request.timeout = .seconds(\(number(timeout)))") }
        if !call.followsRedirects { lines.append("request.redirectPolicy = .none") }
        if !call.verifiesTLS { lines.append("request.tlsVerification = .disabled") }
        lines += ["let response = try await client.send(request)", "print(response.status)", "print(response.text)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func urlSession(_ call: CodeCall) -> String {
        var lines = [
            "import Foundation", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif", "",
            "var request = URLRequest(url: URL(string: \(CodeLiterals.swift(call.url)))!)",
            "request.httpMethod = \(CodeLiterals.swift(call.method))",
        ]
        lines += call.headers.map {
            "request.addValue(\(CodeLiterals.swift($0.value)), forHTTPHeaderField: \(CodeLiterals.swift($0.name)))"
        }
        if let body = call.body { lines.append("request.httpBody = Data(\(CodeLiterals.swift(body)).utf8)") }
        if let timeout = call.timeout { lines.append("request.timeoutInterval = \(number(timeout))") }
        var notes: [String] = []
        if !call.followsRedirects {
            notes.append(
                "// Ferry does not follow redirects here (# @no-redirect): a URLSession delegate's willPerformHTTPRedirection can stop them."
            )
        }
        if !call.verifiesTLS {
            notes.append(
                "// Ferry does not verify the certificate here (# @insecure): URLSession needs a delegate for that.")
        }
        lines += notes
        lines += [
            "let (data, response) = try await URLSession.shared.data(for: request)",
            "print((response as? HTTPURLResponse)?.statusCode ?? 0)", "print(String(decoding: data, as: UTF8.self))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func python(_ call: CodeCall) -> String {
        var headers: [(name: String, value: String)] = []
        for header in call.headers {
            if let index = headers.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
                headers[index].value += ", " + header.value
            } else {
                headers.append(header)
            }
        }
        var arguments = [CodeLiterals.python(call.method), CodeLiterals.python(call.url)]
        if !headers.isEmpty {
            let entries = headers.map { "        \(CodeLiterals.python($0.name)): \(CodeLiterals.python($0.value))," }
            arguments.append("headers={\n" + entries.joined(separator: "\n") + "\n    }")
        }
        if let body = call.body { arguments.append("data=\(CodeLiterals.python(body)).encode()") }
        arguments.append("allow_redirects=\(call.followsRedirects ? "True" : "False")")
        if !call.verifiesTLS { arguments.append("verify=False") }
        if let timeout = call.timeout { arguments.append("timeout=\(number(timeout))") }
        return """
            import requests

            response = requests.request(
                \(arguments.joined(separator: ",\n    ")),
            )
            print(response.status_code)
            print(response.text)

            """
    }

    private static func javascript(_ call: CodeCall) -> String {
        var options = ["  method: \(CodeLiterals.javascript(call.method)),"]
        if !call.headers.isEmpty {
            let pairs = call.headers.map {
                "    [\(CodeLiterals.javascript($0.name)), \(CodeLiterals.javascript($0.value))],"
            }
            options.append("  headers: [\n" + pairs.joined(separator: "\n") + "\n  ],")
        }
        if let body = call.body { options.append("  body: \(CodeLiterals.javascript(body)),") }
        if !call.followsRedirects { options.append("  redirect: \"manual\",") }
        if let timeout = call.timeout { options.append("  signal: AbortSignal.timeout(\(number(timeout * 1000))),") }
        var lines = ["const response = await fetch(\(CodeLiterals.javascript(call.url)), {"] + options + ["});"]
        if !call.verifiesTLS {
            lines.insert("// Ferry does not verify the certificate here (# @insecure): fetch always does.", at: 0)
        }
        lines += ["console.log(response.status);", "console.log(await response.text());"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func httpie(_ call: CodeCall) -> String {
        var words = ["http", "--ignore-stdin", "--print=b"]
        if call.followsRedirects { words.append("--follow") }
        if !call.verifiesTLS { words.append("--verify=no") }
        if let timeout = call.timeout { words.append("--timeout=\(number(timeout))") }
        if let body = call.body { words.append("--raw=" + body) }
        words += [call.method, call.url]
        words += call.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name):\($0.value)" }
        return words.map(ShellQuoting.quoted).joined(separator: " \\\n  ") + "\n"
    }

    private static func go(_ call: CodeCall) -> String {
        var lines = ["package main", "", "import (", "\t\"fmt\"", "\t\"io\"", "\t\"net/http\""]
        if call.body != nil { lines.append("\t\"strings\"") }
        if call.timeout != nil { lines.append("\t\"time\"") }
        if !call.verifiesTLS { lines.append("\t\"crypto/tls\"") }
        lines += [")", "", "func main() {"]
        let body = call.body.map { "strings.NewReader(\(CodeLiterals.go($0)))" } ?? "nil"
        lines += [
            "\trequest, err := http.NewRequest(\(CodeLiterals.go(call.method)), \(CodeLiterals.go(call.url)), \(body))",
            "\tif err != nil {", "\t\tpanic(err)", "\t}",
        ]
        lines += call.headers.map { "\trequest.Header.Add(\(CodeLiterals.go($0.name)), \(CodeLiterals.go($0.value)))" }
        lines.append("\tclient := &http.Client{}")
        if let timeout = call.timeout {
            lines.append("\tclient.Timeout = time.Duration(\(number(timeout * 1000))) * time.Millisecond")
        }
        if !call.followsRedirects {
            lines.append(
                "\tclient.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }"
            )
        }
        if !call.verifiesTLS {
            lines.append("\tclient.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}")
        }
        lines += [
            "\tresponse, err := client.Do(request)", "\tif err != nil {", "\t\tpanic(err)", "\t}",
            "\tdefer response.Body.Close()", "\tdata, _ := io.ReadAll(response.Body)",
            "\tfmt.Println(response.StatusCode)", "\tfmt.Println(string(data))", "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` without a fraction when it has none (`30`, `2.5`).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
