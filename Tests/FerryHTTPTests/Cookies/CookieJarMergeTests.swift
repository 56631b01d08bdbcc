import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Several ``CookieJar``s saving to one file (as several `ferry send` processes do): each save merges its own
/// changes into the file as it is then, so nobody's cookies are lost and a removed cookie stays removed.
@Suite struct CookieJarMergeTests {
    let folder: TemporaryFolder
    let file: URL
    let site = URL(string: "https://api.example.com/")!

    init() throws {
        folder = try TemporaryFolder()
        file = folder.url.appendingPathComponent("cookies")
    }

    func names(in file: URL) -> Set<String> {
        Set(CookieJar(persistingTo: file).cookies().map { "\($0.name)=\($0.value)" })
    }

    @Test func jarsThatLoadedTheSameFileKeepEachOthersCookies() {
        let first = CookieJar(persistingTo: file)
        let second = CookieJar(persistingTo: file)
        first.storeCookies(from: ["Set-Cookie": "a=1"], for: site)
        second.storeCookies(from: ["Set-Cookie": "b=2"], for: site)
        first.flush()
        second.flush()
        #expect(first.persistenceError == nil && second.persistenceError == nil)
        #expect(names(in: file) == ["a=1", "b=2"])
        // The jar that saved last (either: saves run in the background as soon as a cookie is stored) holds
        // both too.
        let held = [first, second].map { Set($0.cookies().map(\.name)) }
        #expect(held.contains(["a", "b"]), "\(held)")
    }

    @Test func aCookieRemovedByOneJarIsNotBroughtBackByAnother() {
        let seed = CookieJar(persistingTo: file)
        seed.storeCookies(from: ["Set-Cookie": "sid=old"], for: site)
        seed.flush()
        let stale = CookieJar(persistingTo: file)
        let remover = CookieJar(persistingTo: file)
        #expect(stale.cookieHeader(for: site) == "sid=old")
        remover.storeCookies(from: ["Set-Cookie": "sid=gone; Max-Age=0"], for: site)
        remover.flush()
        #expect(names(in: file).isEmpty)
        // `stale` still holds sid in memory; its save must not write it back.
        stale.storeCookies(from: ["Set-Cookie": "theme=dark"], for: site)
        stale.flush()
        #expect(names(in: file) == ["theme=dark"])
    }

    @Test func aRemovalReachesTheFileEvenWhenThisJarNeverHadTheCookie() {
        let remover = CookieJar(persistingTo: file)
        let setter = CookieJar(persistingTo: file)
        setter.storeCookies(from: ["Set-Cookie": "sid=abc"], for: site)
        setter.flush()
        remover.storeCookies(from: ["Set-Cookie": "sid=; Max-Age=0"], for: site)
        remover.flush()
        #expect(names(in: file).isEmpty)
    }

    @Test func theNewestWriteOfACookieWins() {
        let first = CookieJar(persistingTo: file)
        let second = CookieJar(persistingTo: file)
        first.storeCookies(from: ["Set-Cookie": "sid=one"], for: site)
        first.flush()
        second.storeCookies(from: ["Set-Cookie": "sid=two"], for: site)
        second.flush()
        #expect(names(in: file) == ["sid=two"])
        first.storeCookies(from: ["Set-Cookie": "sid=three"], for: site)
        first.flush()
        #expect(names(in: file) == ["sid=three"])
    }

    @Test func clearingAJarEmptiesTheFile() {
        let other = CookieJar(persistingTo: file)
        other.storeCookies(from: ["Set-Cookie": "a=1"], for: site)
        other.flush()
        let clearing = CookieJar(persistingTo: file)
        clearing.removeAll()
        clearing.flush()
        #expect(names(in: file).isEmpty)
    }

    @Test func aFailedSaveKeepsItsChangesForTheNextOne() throws {
        // A folder where the file should be: the read fails, then the folder goes and the next save works.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let jar = CookieJar(persistingTo: file)
        jar.storeCookies(from: ["Set-Cookie": "a=1"], for: site)
        jar.flush()
        #expect(jar.persistenceError != nil)
        try FileManager.default.removeItem(at: file)
        jar.storeCookies(from: ["Set-Cookie": "b=2"], for: site)
        jar.flush()
        #expect(jar.persistenceError == nil)
        #expect(names(in: file) == ["a=1", "b=2"])
    }
}
