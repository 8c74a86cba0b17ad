import Foundation
import ReferenceModel

/// The engine's half of `GridDriverRecipe` (TabGridCore): making the factory again in a
/// fresh copy of the process.
extension DriverRecipe {
    /// The factory again — or why not, in one line.
    package func factory() -> Result<DriverFactory, InputError> {
        Result { () throws(InputError) -> DriverFactory in
            switch self {
            case .reference(let policy):
                return .reference(policy)
            case .type(let mangled, let name, let summary):
                let type = try typeNamed(mangled)
                guard let driver = type as? any CheckableGridDriver.Type else { throw InputError("\(type) is not a CheckableGridDriver") }
                return DriverFactory(driver, name: name, summary: summary)
            case .mainActorType(let mangled, let name, let summary):
                let type = try typeNamed(mangled)
                guard let driver = type as? any MainActorGridDriver.Type else { throw InputError("\(type) is not a MainActorGridDriver") }
                return DriverFactory(driver, name: name, summary: summary)
            case .value(let mangled, let json):
                let type = try typeNamed(mangled)
                guard let recipe = type as? any GridFactoryRecipe.Type else { throw InputError("\(type) is not a FactoryRecipe") }
                do { return try Self.make(recipe, json) } catch {
                    throw InputError("\(type) could not be decoded from its recipe: \(error)")
                }
            }
        }
    }

    static func make<R: GridFactoryRecipe>(_: R.Type, _ json: Data) throws -> DriverFactory {
        try JSONDecoder().decode(R.self, from: json).factory()
    }
}

/// The same for a custom property: its type's name and its value as JSON, so a property
/// must be `Codable` to cross (a stateless struct only needs to say so).
package struct PropertyRecipe: Codable, Sendable, Equatable {
    package let mangledName: String
    package let value: Data

    /// Nil when the property is not `Codable` or its type cannot be named.
    package init?(_ property: any GridStepProperty) {
        guard let encodable = property as? any Encodable, let name = _mangledTypeName(type(of: property)),
              let data = try? JSONEncoder().encode(encodable) else { return nil }
        mangledName = name
        value = data
    }

    /// The property again, or why not.
    package func property() -> Result<any GridStepProperty, InputError> {
        Result { () throws(InputError) -> any GridStepProperty in
            let type = try typeNamed(mangledName)
            guard let decodable = type as? any (GridStepProperty & Decodable).Type else {
                throw InputError("\(type) is not a Decodable GridStepProperty")
            }
            do { return try Self.decode(decodable, value) } catch {
                throw InputError("\(type) could not be decoded from its recipe: \(error)")
            }
        }
    }

    static func decode<P: GridStepProperty & Decodable>(_: P.Type, _ data: Data) throws -> any GridStepProperty {
        try JSONDecoder().decode(P.self, from: data)
    }
}

/// The type a mangled name stands for in this process (a copy of the one that named it).
func typeNamed(_ mangled: String) throws(InputError) -> Any.Type {
    guard let type = _typeByName(mangled) else {
        throw InputError("no type named \(mangled) in this process: it must run the binary that made the recipe")
    }
    return type
}
