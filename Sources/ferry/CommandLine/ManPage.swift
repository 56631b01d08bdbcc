/// `ferry(1)` in roff, written from the commands' specs: NAME, SYNOPSIS, DESCRIPTION, a section per
/// command with its arguments and options, FILES, ENVIRONMENT, EXIT STATUS.
enum ManPage {
    /// The page for `commands` (hidden ones left out) of version `version`.
    static func render(_ commands: [CommandSpec], version: String) -> String {
        var page = [
            #".TH FERRY 1 "" "ferry \#(version)" "User Commands""#,
            ".SH NAME",
            #"ferry \- a terminal REST workbench: .http files, environments, history"#,
            ".SH SYNOPSIS",
            ".B ferry",
            #"[\fIWORKSPACE\fR]"#,
            ".br",
            ".B ferry",
            #"\fICOMMAND\fR [\fIARGS\fR...]"#,
            ".SH DESCRIPTION",
            text(
                "Without a command, ferry opens the full-screen workbench on WORKSPACE (default: the current "
                    + "folder): a folder of .http files with optional http-client.env.json environments. "
                    + "The commands below work headless, for scripts and CI."),
            ".SH COMMANDS",
        ]
        for spec in commands where !spec.isHidden {
            page += section(spec)
        }
        page += [
            ".SH FILES",
            item(
                "$XDG_CONFIG_HOME/ferry/keys.conf",
                "key bindings over the defaults (XDG_CONFIG_HOME defaults to ~/.config)"),
            item("$XDG_CONFIG_HOME/ferry/themes/", "user themes (*.json), over the installed ones"),
            item("PREFIX/share/ferry/themes/", "the installed themes, found beside the binary (../share/ferry/themes)"),
            item("WORKSPACE/http-client.env.json", "environments and their variables"),
            item("WORKSPACE/http-client.private.env.json", "secret variables (masked in output)"),
            item("WORKSPACE/.ferry/", "the workspace's state: history, cookies, request ids, keys.conf"),
            ".SH ENVIRONMENT",
            item("FERRY_THEME", "the theme to use, by name"),
            item("FERRY_THEMES", "a further folder of themes, searched last"),
            item("XDG_CONFIG_HOME", "where the ferry/ configuration folder is (default: ~/.config)"),
            item("VISUAL, EDITOR", "the editor the workbench opens bodies in"),
            item("NO_COLOR", "when set, no colors"),
            ".SH EXIT STATUS",
            item("0", "success"),
            item("1", "ferry export --all left some requests out"),
            item("2", "bad usage or invalid input (a located message on stderr)"),
            item("3", "ferry send: a transport error"),
            item("4, 5", "ferry send: the response was a 4xx, 5xx"),
            item("6", "ferry send: a GraphQL response carried errors (with status 1xx-3xx)"),
            item("130", "canceled with Ctrl-C"),
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// `.SS ferry NAME`, its usage lines, summary, discussion and a tagged paragraph per argument and option.
    private static func section(_ spec: CommandSpec) -> [String] {
        var lines = [".SS " + text("ferry " + spec.name), ".nh"]
        let forms = [UsageText.synopsisWords(spec).joined(separator: " ")] + spec.alternateForms
        for (index, form) in forms.enumerated() {
            if index > 0 { lines.append(".br") }
            lines += [".B " + text("ferry " + spec.name), text(form)]
        }
        lines += [".hy", ".PP", text(spec.summary + ".")]
        if !spec.discussion.isEmpty {
            lines += [".PP", text(spec.discussion.split(separator: "\n").joined(separator: " "))]
        }
        for positional in spec.positionals {
            lines += [".TP", #"\fI"# + text(positional.name) + #"\fR"#, text(positional.help)]
        }
        for option in spec.options + [UsageText.helpOption] {
            var names = [option.short, option.long].compactMap { $0 }.map { #"\fB"# + text($0) + #"\fR"# }
                .joined(separator: ", ")
            if let value = option.valueName { names += #" \fI"# + text(value) + #"\fR"# }
            lines += [".TP", names, text(option.help + (option.isRepeatable ? " (may be repeated)" : ""))]
        }
        return lines
    }

    /// A tagged paragraph: `tag` in bold, `body` under it.
    private static func item(_ tag: String, _ body: String) -> String {
        ".TP\n" + #"\fB"# + text(tag) + #"\fR"# + "\n" + text(body)
    }

    /// `plain` made safe as roff text: backslashes and dashes escaped, a leading `.` or `'` defused.
    static func text(_ plain: String) -> String {
        var escaped = ""
        for character in plain {
            switch character {
            case "\\": escaped += #"\e"#
            case "-": escaped += #"\-"#
            default: escaped.append(character)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = #"\&"# + escaped }
        return escaped
    }
}
