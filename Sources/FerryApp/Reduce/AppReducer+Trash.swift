import FerryWorkbench

// MARK: - A restore from the trash refused

extension AppReducer {
    /// The words for a restore that was refused because something now stands at the entry's place.
    static func restoreRefusal(_ entry: TrashEntry, blockedBy place: String) -> String {
        "Cannot restore \(entry.originalPath): \(place) exists now and is never overwritten. Rename or move it "
            + "(r or m in the tree), then restore again (F9); the deleted one stays in the trash."
    }
}
