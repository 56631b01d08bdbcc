import FerryTerminal
import Testing

@Suite struct LayoutTests {
    let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test func fixedAndFillRows() {
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(screen)
        #expect(
            rows == [
                Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 1, width: 80, height: 22),
                Rect(x: 0, y: 23, width: 80, height: 1),
            ])
    }

    @Test func percentagesAndWeightedFills() {
        let columns = Layout.horizontal([.percentage(25), .fill(1), .fill(2)]).split(screen)
        #expect(columns.map(\.width) == [20, 20, 40])
        #expect(columns.map(\.x) == [0, 20, 40])
    }

    @Test func spacingAndMargin() {
        let columns = Layout.horizontal([.fill(1), .fill(1)], spacing: 2, margin: 1).split(screen)
        #expect(columns == [Rect(x: 1, y: 1, width: 38, height: 22), Rect(x: 41, y: 1, width: 38, height: 22)])
    }

    @Test func minimumGrowsButNeverShrinksBelowItsFloor() {
        let parts = Layout.horizontal([.min(30), .length(10)]).split(screen)
        #expect(parts.map(\.width) == [70, 10])
        let tight = Layout.horizontal([.min(30), .fill(1)]).split(Rect(x: 0, y: 0, width: 32, height: 1))
        #expect(tight.map(\.width) == [31, 1])
    }

    @Test func overflowShrinksLaterPartsAndStaysInside() {
        let parts = Layout.vertical([.length(10), .length(10), .length(10)]).split(screen)
        #expect(parts.map(\.height) == [10, 10, 4])
        #expect(parts.allSatisfy { $0.bottom <= screen.bottom })
    }

    @Test func remainderGoesToTheLastFill() {
        let parts = Layout.horizontal([.fill(1), .fill(1), .fill(1)]).split(Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(parts.map(\.width).reduce(0, +) == 10)
        #expect(parts.map(\.width) == [3, 3, 4])
    }
}
