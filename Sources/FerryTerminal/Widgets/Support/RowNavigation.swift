/// Shared arithmetic for widgets that show a selectable, scrollable column of rows (lists, trees, pickers).
enum RowNavigation {
    /// The rows one wheel notch scrolls.
    static let wheelStep = 3

    /// The row a navigation key moves the selection to, or `nil` when `key` is not a navigation key.
    ///
    /// Up/Down and `k`/`j` move by one, PgUp/PgDn by a page, Home/End (and `g`/`G`) to the ends.
    static func target(for key: KeyEvent, selected: Int?, count: Int, page: Int, vimKeys: Bool) -> Int? {
        guard count > 0 else { return nil }
        let page = max(1, page)
        let current = selected ?? -1
        let modifiers = key.modifiers
        switch key.key {
        case .up where modifiers.isEmpty: return selected == nil ? count - 1 : max(0, current - 1)
        case .down where modifiers.isEmpty: return min(count - 1, current + 1)
        case .pageUp: return max(0, (selected ?? 0) - page)
        case .pageDown: return min(count - 1, max(0, current) + page)
        case .home: return 0
        case .end: return count - 1
        case .character("k") where vimKeys && modifiers.isEmpty: return max(0, current - 1)
        case .character("j") where vimKeys && modifiers.isEmpty: return min(count - 1, current + 1)
        case .character("g") where vimKeys && modifiers.isEmpty: return 0
        case .character("G") where vimKeys && modifiers.subtracting(.shift).isEmpty: return count - 1
        default: return nil
        }
    }

    /// The first visible row that keeps `selected` in a window of `height` rows, starting from `offset`
    /// and moving as little as possible; never scrolls past the end.
    static func offset(_ offset: Int, keeping selected: Int?, height: Int, count: Int) -> Int {
        guard height > 0, count > 0 else { return 0 }
        var result = min(max(0, offset), max(0, count - height))
        if let selected {
            if selected < result {
                result = selected
            } else if selected >= result + height {
                result = selected - height + 1
            }
        }
        return max(0, result)
    }

    /// The offset after a wheel notch (`direction` −1 up, +1 down), clamped to the content.
    static func scrolled(_ offset: Int, direction: Int, height: Int, count: Int) -> Int {
        min(max(0, offset + direction * wheelStep), max(0, count - max(1, height)))
    }

    /// `selected` pulled inside the window `offset ..< offset + height` (after a wheel scroll).
    static func clamp(_ selected: Int?, offset: Int, height: Int) -> Int? {
        guard let selected, height > 0 else { return selected }
        return min(max(selected, offset), offset + height - 1)
    }

    /// Whether `key` is a printable character typed without Control or Alt.
    static func typedCharacter(_ key: KeyEvent) -> Character? {
        guard case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty else { return nil }
        return character
    }
}
