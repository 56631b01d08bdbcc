import FerryTerminal
import Testing

@testable import FerryNcurses

@Suite struct ColorPairCacheTests {
    @Test func colourNumbersFollowTheTerminalDepth() {
        #expect(ColorPairCache.number(for: .default, depth: .trueColor) == -1)
        #expect(ColorPairCache.number(for: .ansi(.brightRed), depth: .indexed256) == 9)
        #expect(ColorPairCache.number(for: .indexed(208), depth: .indexed256) == 208)
        #expect(ColorPairCache.number(for: .rgb(0x12, 0x34, 0x56), depth: .trueColor) == 0x123456, "direct colour")
        #expect(ColorPairCache.number(for: .rgb(255, 135, 0), depth: .indexed256) == 208)
        #expect(ColorPairCache.number(for: .rgb(250, 30, 30), depth: .ansi16) == 9)
        #expect(ColorPairCache.number(for: .ansi(.brightRed), depth: .ansi8) == 1)
    }

    @Test func defaultColoursAndMonochromeUseThePlainPair() {
        var cache = ColorPairCache()
        #expect(cache.pair(for: .plain, depth: .trueColor) == 0)
        #expect(cache.pair(for: Style(fg: .red), depth: .monochrome) == 0)
    }
}
