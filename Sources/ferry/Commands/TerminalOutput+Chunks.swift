import FerryTerminal

extension TerminalOutput {
    /// Writes output that arrives in chunks (a large formatted body) as it comes. On a terminal the chunks
    /// are made safe as one text: a character split between two chunks is joined, not escaped.
    struct ChunkWriter {
        /// Where the chunks go.
        let output: TerminalOutput
        /// The terminal filter, when the destination is a terminal.
        private var safeText: SafeTextStream?

        /// A writer to `output`.
        init(_ output: TerminalOutput) {
            self.output = output
            safeText = output.isTerminal ? SafeTextStream() : nil
        }

        /// Writes `chunk` (made safe on a terminal).
        mutating func write(_ chunk: UnsafeBufferPointer<UInt8>) {
            if var filter = safeText {
                output.writeRaw(filter.sanitize(chunk))
                safeText = filter
            } else {
                output.writeRaw(UnsafeRawBufferPointer(chunk))
            }
        }

        /// Writes what the terminal filter still holds; call once after the last chunk.
        mutating func finish() {
            guard var filter = safeText else { return }
            output.writeRaw(filter.finish())
            safeText = filter
        }
    }
}
