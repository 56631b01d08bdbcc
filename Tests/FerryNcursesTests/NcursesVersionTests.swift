import FerryNcurses
import Testing

@Test func linksNcursesVersionSix() {
    #expect(NcursesLibrary.version.hasPrefix("ncurses 6."))
}
