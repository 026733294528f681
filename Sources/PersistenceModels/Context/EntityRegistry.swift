import PersistenceObjectLifetime

/// The registered models of one entity by primary key: the part of a context's identity map that makes a
/// stored row the same object however often it is fetched.
///
/// The map does not keep its models alive. An entry holds an unowned reference, which keeps only the
/// model's memory; the model's backing data removes the entry when it goes, and a lookup that still
/// finds a model whose deinitialization has begun treats it as gone. This costs far less per model than
/// a weak reference, which gives every object it points to a side table of reference counts.
///
/// Like its context, the map belongs to one thread or actor: models, which are not `Sendable`, are
/// released there too.
final class EntityRegistry {
    /// The entries in pages of consecutive keys. Rows are mostly read and released in key order, so
    /// neighbouring keys share a page: registering and removing them touches memory in order instead of
    /// hashing each key to a random place.
    private var pages: [Int64: Page] = [:]
    /// The page used last, which the next key most often falls in.
    private var recentPage: (number: Int64, page: Page)?
    /// How many models are registered.
    private(set) var count = 0

    /// Keys per page: few enough that a scattered handful of rows does not hold much empty room.
    private static let pageShift: Int64 = 6
    private static let pageSize = 1 << Int(pageShift)

    /// The entries of `pageSize` consecutive keys.
    private final class Page {
        var entries = ContiguousArray<Entry?>(repeating: nil, count: EntityRegistry.pageSize)
        var count = 0
    }

    /// One registered model.
    private struct Entry {
        /// Keeps the model's memory allocated, not the model; never read, since reading an unowned
        /// reference to a model whose deinitialization has begun stops the program.
        unowned(safe) let anchor: AnyObject
        /// The model's address, to ask the runtime whether it still lives.
        let address: UnsafeMutableRawPointer
        /// The model, read only once the runtime said it lives.
        unowned(unsafe) let model: any PersistentModel
        /// The backing data of the model when it was registered; only it removes the entry.
        let backing: ObjectIdentifier

        init(_ model: any PersistentModel, backing: ModelBackingData) {
            anchor = model
            address = Unmanaged<AnyObject>.passUnretained(model).toOpaque()
            self.model = model
            self.backing = ObjectIdentifier(backing)
        }
    }

    /// Whether no model is registered.
    var isEmpty: Bool { count == 0 }

    /// The page that holds `key`, made when `creating` is set.
    private func page(of key: Int64, creating: Bool) -> Page? {
        let number = key >> Self.pageShift
        if let recentPage, recentPage.number == number { return recentPage.page }
        let page: Page
        if let existing = pages[number] {
            page = existing
        } else {
            guard creating else { return nil }
            page = Page()
            pages[number] = page
        }
        recentPage = (number, page)
        return page
    }

    private static func slot(of key: Int64) -> Int {
        Int(truncatingIfNeeded: key & Int64(pageSize - 1))
    }

    /// The live model registered for `key`, if any.
    func model(forKey key: Int64) -> (any PersistentModel)? {
        guard let page = page(of: key, creating: false), let entry = page.entries[Self.slot(of: key)] else { return nil }
        guard persistence_retainUnlessDeinitializing(entry.address) else {
            // The model is gone while something else still holds its backing data.
            remove(at: Self.slot(of: key), in: page, key: key)
            return nil
        }
        let model = entry.model
        Unmanaged<AnyObject>.fromOpaque(entry.address).release()
        return model
    }

    /// Registers `model` as the object of the row `key`, in place of any earlier one.
    func register(_ model: any PersistentModel, forKey key: Int64) {
        let backing = model.persistentBackingData
        let page = page(of: key, creating: true)!
        let slot = Self.slot(of: key)
        if page.entries[slot] == nil {
            page.count += 1
            count += 1
        }
        page.entries[slot] = Entry(model, backing: backing)
        backing.identityMap = self
    }

    /// Removes the model of the row `key`, such as a deleted row's.
    func removeModel(forKey key: Int64) {
        guard let page = page(of: key, creating: false), page.entries[Self.slot(of: key)] != nil else { return }
        remove(at: Self.slot(of: key), in: page, key: key)
    }

    /// Removes the entry of `key` when `backing` is the backing data it was registered with: called as
    /// the backing data goes, which is when its model goes, unless something else held it longer.
    func backingDataDidEnd(_ backing: ObjectIdentifier, key: Int64) {
        guard let page = page(of: key, creating: false), page.entries[Self.slot(of: key)]?.backing == backing else { return }
        remove(at: Self.slot(of: key), in: page, key: key)
    }

    /// Clears an occupied slot, and drops its page once the page is empty.
    private func remove(at slot: Int, in page: Page, key: Int64) {
        page.entries[slot] = nil
        page.count -= 1
        count -= 1
        guard page.count == 0 else { return }
        let number = key >> Self.pageShift
        pages[number] = nil
        if recentPage?.number == number { recentPage = nil }
    }
}
