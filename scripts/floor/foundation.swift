import Foundation

// The floor of a binary that links Foundation statically and touches it once.
FileHandle.standardOutput.write(Data("ferry 1.0\n".utf8))
