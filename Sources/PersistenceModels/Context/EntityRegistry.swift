import PersistenceObjectLifetime

/// The registered models of one entity by primary key: the part of a context's identity map that makes a
/// stored row the same object however often it is fetched.
///
/// The map does not keep its models alive. An entry holds an unowned reference, which keeps only the
/// model's memory; the model's backing data removes the entry when it goes, and a lookup that still
/// finds a model whose deinitialization has begun treats it as gone. This costs far less per model than
/// a weak reference, which gives every object it points to a side table of reference counts.
///
/// Entries are plain values that the map retains and releases itself, through the runtime calls an
/// `unowned` reference makes, so that reading or clearing one copies no reference.
///
/// Like its context, the map belongs to one thread or actor: models, which are not `Sendable`, are
/// released there too.
final class EntityRegistry {
    /// The entries in pages of consecutive keys. Rows are mostly read and released in key order, so
    /// neighbouring keys share a page: registering and removing them touches memory in order instead of
    /// hashing each key to a random place.
    @exclusivity(unchecked) private var pages: [Int64: Page] = [:]
    /// The page used last, which the next key most often falls in; `pages` keeps it alive. Held unmanaged so
    /// that using it, twice for each model a fetch makes, neither retains nor releases it.
    @exclusivity(unchecked) private var recentPage: Unmanaged<Page>?
    /// The number of ``recentPage``.
    @exclusivity(unchecked) private var recentPageNumber: Int64 = 0
    /// How many models are registered.
    @exclusivity(unchecked) private(set) var count = 0
    /// Pages emptied and kept for the next keys that need one, at most ``spareLimit`` (64 KB), all their entries
    /// empty. A filtered fetch's rows are scattered, most on a page of their own: without spares each would
    /// make a page of 64 entries as it is registered and free it as it goes.
    @exclusivity(unchecked) private var sparePages: [Page] = []
    private static let spareLimit = 32

    /// Keys per page: few enough that a scattered handful of rows does not hold much empty room.
    private static let pageShift: Int64 = 6
    private static let pageSize = 1 << Int(pageShift)

    /// The entries of `pageSize` consecutive keys.
    private final class Page {
        let entries: UnsafeMutablePointer<Entry>
        @exclusivity(unchecked) var count = 0

        init() {
            entries = .allocate(capacity: EntityRegistry.pageSize)
            entries.initialize(repeating: Entry(), count: EntityRegistry.pageSize)
        }

        deinit {
            for slot in 0..<EntityRegistry.pageSize {
                if let address = entries[slot].address { persistence_releaseUnowned(address) }
            }
            entries.deallocate()
        }
    }

    /// One registered model, or an empty slot; a plain value, copied without touching the model.
    private struct Entry {
        /// The model's address, holding one unowned reference that keeps its memory allocated; `nil`
        /// for an empty slot.
        var address: UnsafeMutableRawPointer?
        /// The model, read only once the runtime said it lives.
        unowned(unsafe) var model: (any PersistentModel)?
        /// The backing data of the model when it was registered; only it removes the entry.
        var backing: ObjectIdentifier?
    }

    /// Whether no model is registered.
    var isEmpty: Bool { count == 0 }

    /// Runs `body` on the page that holds `key`, made when `creating` is set; `nil` when there is no such page.
    ///
    /// The recent page is lent to `body` without a retain: `pages` holds it, and only ``remove(_:in:key:)``
    /// drops a page from `pages`, which keeps it alive until it returns.
    @inline(__always)
    private func withPage<Result>(of key: Int64, creating: Bool, _ body: (Page) -> Result) -> Result? {
        let number = key >> Self.pageShift
        if let recentPage, recentPageNumber == number { return recentPage._withUnsafeGuaranteedRef(body) }
        let page: Page
        if let existing = pages[number] {
            page = existing
        } else {
            guard creating else { return nil }
            page = sparePages.popLast() ?? Page()
            pages[number] = page
        }
        recentPage = .passUnretained(page)
        recentPageNumber = number
        return body(page)
    }

    private static func slot(of key: Int64) -> Int {
        Int(truncatingIfNeeded: key & Int64(pageSize - 1))
    }

    /// The live model registered for `key`, if any.
    func model(forKey key: Int64) -> (any PersistentModel)? {
        withPage(of: key, creating: false) { page -> (any PersistentModel)? in
            let entry = page.entries + Self.slot(of: key)
            guard let address = entry.pointee.address else { return nil }
            guard persistence_retainUnlessDeinitializing(address) else {
                // The model is gone while something else still holds its backing data.
                remove(entry, in: page, key: key)
                return nil
            }
            let model = entry.pointee.model
            Unmanaged<AnyObject>.fromOpaque(address).release()
            return model
        } ?? nil
    }

    /// Registers `model`, whose backing data is `backing`, as the object of the row `key`, in place of any
    /// earlier one.
    ///
    /// Generic over the model's type, so that a caller holding a model of a known type passes it as it is,
    /// without a retained copy for an existential argument.
    @inline(__always)
    func register<Model: PersistentModel>(_ model: Model, backing: ModelBackingData, forKey key: Int64) {
        withPage(of: key, creating: true) { page in
            let entry = page.entries + Self.slot(of: key)
            let address = Unmanaged<AnyObject>.passUnretained(model).toOpaque()
            persistence_retainUnowned(address)
            if let earlier = entry.pointee.address {
                persistence_releaseUnowned(earlier)
            } else {
                page.count += 1
                count += 1
            }
            entry.pointee = Entry(address: address, model: model, backing: ObjectIdentifier(backing))
        }
        backing.identityMap = self
    }

    /// Registers `model` as the object of the row `key`, in place of any earlier one.
    func register(_ model: any PersistentModel, forKey key: Int64) {
        register(model, backing: model.persistentBackingData, forKey: key)
    }

    /// Removes the model of the row `key`, such as a deleted row's.
    func removeModel(forKey key: Int64) {
        withPage(of: key, creating: false) { page in
            let entry = page.entries + Self.slot(of: key)
            guard entry.pointee.address != nil else { return }
            remove(entry, in: page, key: key)
        }
    }

    /// Removes the entry of `key` when `backing` is the backing data it was registered with: called as
    /// the backing data goes, which is when its model goes, unless something else held it longer.
    func backingDataDidEnd(_ backing: ObjectIdentifier, key: Int64) {
        withPage(of: key, creating: false) { page in
            let entry = page.entries + Self.slot(of: key)
            guard entry.pointee.address != nil, entry.pointee.backing == backing else { return }
            remove(entry, in: page, key: key)
        }
    }

    /// Clears an occupied entry, and drops its page once the page is empty.
    private func remove(_ entry: UnsafeMutablePointer<Entry>, in page: Page, key: Int64) {
        if let address = entry.pointee.address { persistence_releaseUnowned(address) }
        entry.pointee = Entry()
        page.count -= 1
        count -= 1
        guard page.count == 0 else { return }
        let number = key >> Self.pageShift
        if recentPage?.toOpaque() == Unmanaged.passUnretained(page).toOpaque() { recentPage = nil }
        // The page may be lent to the caller without a retain: it stays alive until this returns.
        guard let dropped = pages.removeValue(forKey: number) else { return }
        if sparePages.count < Self.spareLimit { sparePages.append(dropped) }
        withExtendedLifetime(dropped) {}
    }
}
