import Foundation

/// A configuration whose store may be mirrored to a cloud database, as a `ModelConfiguration` with a
/// `cloudKitDatabase` is.
///
/// The container asks every configuration before it opens any store: a configuration that mirrors
/// returns the request that checks the models and, once the store is open, starts the mirroring.
package protocol MirroringConfiguration {
    /// What mirroring this configuration asks for; `nil` when its store stays on the device.
    var mirroringRequest: (any StoreMirroringRequest)? { get }
}

/// One configuration's request to mirror its store, made before the container opens anything.
package protocol StoreMirroringRequest {
    /// Checks that the models of the container can be mirrored, before any store opens.
    ///
    /// - Parameters:
    ///   - layout: Which configuration keeps which entities, and which configurations mirror.
    ///   - index: The position of this request's configuration in `layout`.
    /// - Throws: An error listing every model that cannot be mirrored, with the fix.
    func validate(_ layout: MirroredContainerLayout, configurationIndex index: Int) throws

    /// Starts mirroring `store`, the store of this request's configuration in `container`.
    ///
    /// - Returns: The running mirror; the container keeps it as long as it lives.
    /// - Throws: An error when the mirror cannot start, such as a schema the account refuses.
    func attach(to container: ModelContainer, store: OpenedStore) throws -> any StoreMirror
}

/// A store's running mirror, told of every save so that it can send the changes on.
package protocol StoreMirror: AnyObject {
    /// Called after a context saved to the mirrored store, with the author the save was recorded under.
    func storeDidSave(author: String?)
}

/// The configurations of a container being loaded, as the mirroring checks see them.
package struct MirroredContainerLayout {
    /// One configuration: its name, its entities, and whether its store mirrors.
    package struct Configuration {
        package let name: String
        package let entities: [Schema.Entity]
        package let mirrors: Bool

        package init(name: String, entities: [Schema.Entity], mirrors: Bool) {
            self.name = name
            self.entities = entities
            self.mirrors = mirrors
        }
    }

    /// The container's whole schema.
    package let schema: Schema
    /// The configurations in the order given.
    package let configurations: [Configuration]

    package init(schema: Schema, configurations: [Configuration]) {
        self.schema = schema
        self.configurations = configurations
    }

    /// The configuration that keeps the entity named `name`, if any.
    package func configuration(ofEntity name: String) -> Configuration? {
        configurations.first { configuration in configuration.entities.contains { $0.name == name } }
    }
}
