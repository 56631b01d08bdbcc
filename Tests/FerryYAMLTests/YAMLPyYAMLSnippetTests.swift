import FerryJSON
import FerryYAML
import Foundation
import Testing

/// Small YAML documents, one construct each, read the same as PyYAML reads them, or fail where PyYAML
/// fails (when python3 has PyYAML). The snippets avoid what YAML 1.1 (PyYAML) and 1.2 (this reader) resolve
/// differently (`1e3`, `+.5`, `0o17`, `0777`, `1_000`, `12:30`, timestamps) and where this reader is
/// deliberately lenient (later documents, unknown tags, `!!binary` kept as text, a blank line holding a
/// tab); those have their own unit tests.
@Suite struct YAMLPyYAMLSnippetTests {
    static let snippets: [String] = [
        "a: 1\nb:\n  - x\n  - y: 2\n    z: 3\n",
        "- a\n-   b\n-\n  c\n",
        "key:    value with   spaces   \n",
        "a: 'multi\n  line\n\n  single'\n",
        "a: \"x\\\n  y\"\n",
        "a: |\n   three\n  \n   keep\n",
        "a: >\n\n  leading blank\n",
        "a: >+\n  keep\n\n",
        "a: |-\n\n  x\n\n",
        "a: >\n  one\n\n\n  two\n",
        "a: >\n  one\n   more\n  two\n",
        "seq:\n- a\n- b\nmap:\n  k: v\n",
        "a: [1, [2, [3]], {b: {c: d}}]\n",
        "a: {b: 1,\n  c: 2\n  }\n",
        "a: [\n  x,\n  y,\n]\n",
        "a: &x 1\nb: *x\n",
        "- &a {k: v}\n- *a\n",
        "base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n",
        "a: b # comment\n# c\nc: d\n",
        "a: http://example.com:8080/path#frag\n",
        "'quoted key': 1\n\"dq key\": 2\n",
        "a:\n  b:\n    c:\n      d: deep\n  e: f\n",
        "- - - x\n    - y\n  - z\n- w\n",
        "a: !!str 1\nb: !!float 2\n",
        "a: \"\\u263A \\x41 \\t\"\n",
        "a: -\nb: - x\n",
        "a:\n  - b\n  -\n    - c\n",
        "text: this is: not a key\n",
        "a: 'it''s'\n",
        "a: \"\"\nb: ''\n",
        "empty:\nnext: 1\n",
        "list: []\nmap: {}\n",
        "a: [a b, c d]\n",
        "? a\n: b\n",
        "a: 1\n...\n",
        "---\n- 1\n- 2\n",
        "a: |\n  x\n b: 1\n",
        "a:\n- 1\n- 2\nb: 3\n",
        "- a: 1\n  b: 2\n- c: 3\n",
        "x: |2-\n    indented\n",
        "x: [a, 'b', \"c\", {d: e}]\n",
        "x: {a: [1,2], b: {c: [3]}}\n",
        "url: https://a.b/c?d=e&f=g\n",
        "k: v\n\n\n\nk2: v2\n",
        "a: b\n  c\n",
        "a: b\n\n  c\n",
        "a:\n  b\n  c\n",
        "- a\n  b\n- c\n",
        "a: \"line1\n\n  line2\"\n",
        "a: 1 #c\nb: '#notc'\nc: x#y\n",
        "a: [1, 2]  # c\n",
        "a: {x: 1}  \n",
        "x: 'a\\nb'\n",
        "k: >-\n  a\n  b\n\n  c\n",
        "- |\n  a\n- >\n  b\n",
        "k:\n  - |\n    text\n  - x\n",
        "a: ~\nb: Null\nc: NULL\n",
        "a: True\nb: FALSE\n",
        "%YAML 1.2\n---\na: 1\n",
        "a: \"\\N\\_\\L\"\n",
        "description: |\n  # Title\n\n  - item one\n  - item two\n\n      code block\n  end\nnext: 1\n",
        "\"a:b\": 1\n'c d': 2\nkey with spaces: 3\n",
        "'200':\n  description: OK\n\"404\": {description: missing}\n",
        "enum: ['a, b', \"c]d\", e]\n",
        "a: \"quote \\\" inside\"\n",
        "a:\n    - x\n    - y\nb:\n      deep: 1\n",
        "a: >\n    indented more\n    than needed\n",
        "- name: a\n  value: |\n    text\n- name: b\n",
        "paths:\n  /x/{id}:\n    get:\n      parameters:\n      - name: id\n        in: path\n",
        "a: 'x' # c\nb: \"y\" # c\n",
        "a: [ ]\nb: { }\n",
        "a: {k: [1, {m: n}], j: 'x'}\n",
        "a: \"tab\\tin\"\nb: 'back\\slash'\n",
        "a: |\n  trailing spaces   \n  kept\n",
        "a:   |  # comment\n  x\n",
        "a:\n\n  b: 1\n\n\n  c: 2\n",
        "- [a, b]\n- {c: d}\n",
        "x: [a, [b, c], [], {}]\n",
        "x: 'line one\n\n\n  line two'\n",
        "x: \"a\\\n   b\\\n   c\"\n",
        "x: a\n  # not a comment? \n",
        "x: null\ny: ''\nz: ~\n",
        "a: &anchor\n  b: 1\nc: *anchor\n",
        "a: b:c\n",
        "a: [b:c, 'd:e']\n",
        "a: {b:c}\n",
        "a: {\"b\":c}\n",
        "- ? x\n  : y\n",
        "a: |1\n  two\n",
        "a: >2\n   three\n  two\n",
        "a:\n  - b\n  - c\n  d: e\n",
        "a: 1\n b: 2\n",
        "a: [1, 2\nb: 3\n",
        "a: 'unclosed\n",
        "a: *unknown\n",
        "a: \"\\z\"\n",
        "list:\n- &empty\n- x: 1\n- *empty\n",
        "key: &seq\n- a\n- b\nother: *seq\n",
    ]

    @Test func snippetsReadLikePyYAML() async throws {
        guard let expected = try await YAMLCorpusTests.pyYAML(documents: Self.snippets) else { return }
        for (snippet, theirs) in zip(Self.snippets, expected) {
            let ours = Result { try YAMLReader.read(text: snippet).value }
            switch (ours, theirs) {
            case (.success(let value), .some(let theirs)):
                let found = YAMLCorpusTests.difference(value, theirs)
                #expect(found == nil, "\(snippet.debugDescription) differs at \(found ?? "")")
            case (.failure, nil):
                break
            case (.success(let value), nil):
                Issue.record("\(snippet.debugDescription) read as \(value); PyYAML rejects it")
            case (.failure(let error), .some(let theirs)):
                Issue.record("\(snippet.debugDescription) failed with \(error); PyYAML reads \(theirs)")
            }
        }
    }
}
