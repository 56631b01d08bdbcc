extension Color {
    // MARK: - Fitting a colour to the terminal

    /// The nearest colour a terminal of `depth` can show: RGB becomes the nearest palette entry, bright
    /// ANSI colours become their basic ones on 8-colour terminals, everything becomes `.default` on a
    /// monochrome one.
    ///
    /// ```swift
    /// Color.rgb(250, 40, 40).degraded(to: .ansi16)   // .ansi(.brightRed)
    /// ```
    public func degraded(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.default, _): return .default
        case (_, .monochrome): return .default
        case (_, .trueColor): return self
        case (.ansi(.brightBlack), .ansi8): return .white
        case (.ansi(let color), .ansi8): return .ansi(ANSIColor(rawValue: color.rawValue % 8) ?? .white)
        case (.ansi, _): return self
        case (.indexed(let index), .indexed256): return .indexed(index)
        case (.indexed(let index), _) where index < 16:
            return Color.ansi(ANSIColor(rawValue: index) ?? .white).degraded(to: depth)
        case (.rgb(let red, let green, let blue), .indexed256):
            return .indexed(Self.nearestIndex(red, green, blue))
        default:
            let (red, green, blue) = rgbComponents
            return .ansi(Self.nearestANSI(red, green, blue, count: depth == .ansi8 ? 8 : 16))
        }
    }

    /// The colour's red, green and blue as the xterm palette defines them (`.default` reads as black).
    public var rgbComponents: (UInt8, UInt8, UInt8) {
        switch self {
        case .default: return (0, 0, 0)
        case .rgb(let red, let green, let blue): return (red, green, blue)
        case .ansi(let color): return Self.ansiPalette[Int(color.rawValue)]
        case .indexed(let index):
            switch index {
            case 0..<16: return Self.ansiPalette[Int(index)]
            case 16..<232:
                let cube = Int(index) - 16
                return (Self.cubeLevels[cube / 36], Self.cubeLevels[(cube / 6) % 6], Self.cubeLevels[cube % 6])
            default:
                let level = UInt8(8 + (Int(index) - 232) * 10)
                return (level, level, level)
            }
        }
    }

    // MARK: - Internals

    /// xterm's default 16-colour palette.
    static let ansiPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        // "Redmean" weighting: cheap and closer to perception than plain Euclidean distance.
        let meanRed = (Int(a.0) + Int(b.0)) / 2
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }

    /// The ANSI colour of the same family: greys by lightness, other colours by hue (red, yellow, green,
    /// cyan, blue, magenta), bright when light. Nearest-by-distance would turn every pastel into white.
    static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8, count: Int) -> ANSIColor {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let chroma = high - low
        let lightness = (high + low) / 2
        if high == 0 || chroma / high < 0.25 || chroma < 0.1 {
            if count <= 8 { return lightness < 0.3 ? .black : .white }
            switch lightness {
            case ..<0.2: return .black
            case ..<0.45: return .brightBlack
            case ..<0.75: return .white
            default: return .brightWhite
            }
        }
        var hue: Double
        if high == r {
            hue = 60 * ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = 60 * ((b - r) / chroma + 2)
        } else {
            hue = 60 * ((r - g) / chroma + 4)
        }
        if hue < 0 { hue += 360 }
        let families: [ANSIColor] = [.red, .yellow, .green, .cyan, .blue, .magenta]
        let family = families[Int((hue + 30) / 60) % 6]
        let isBright = count > 8 && (high > 0.9 || lightness > 0.6)
        return isBright ? ANSIColor(rawValue: family.rawValue + 8) ?? family : family
    }

    static func nearestIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40
        }
        let cubeIndex = 16 + 36 * level(red) + 6 * level(green) + level(blue)
        let cube = Color.indexed(UInt8(cubeIndex)).rgbComponents
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grayStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grayIndex = 232 + grayStep
        let gray = Color.indexed(UInt8(grayIndex)).rgbComponents
        let target = (red, green, blue)
        return distance(target, gray) < distance(target, cube) ? UInt8(grayIndex) : UInt8(cubeIndex)
    }
}

extension Style {
    /// The style with both colours fitted to `depth` (see `Color.degraded(to:)`).
    public func degraded(to depth: ColorDepth) -> Style {
        Style(fg: fg.degraded(to: depth), bg: bg.degraded(to: depth), modifiers: modifiers)
    }
}
