import Foundation
import ReferenceModel

/// How another process made from the same binary makes a driver factory again. A closure
/// cannot cross a process boundary; a type's name can (`_mangledTypeName`, resolved by
/// `_typeByName` in the copy), and so can a policy. What `GridCheck` needs to run a campaign
/// in a fresh copy of the test binary, where a model that traps cannot take the test process
/// with it (#23.1).
public enum DriverRecipe: Codable, Sendable, Equatable {
    /// A `CheckableDriver` type, and the name and summary its factory was given.
    case type(mangledName: String, name: String, summary: String)
    /// The reference under a policy.
    case reference(Policy)
    /// A value of a `FactoryRecipe` type, as JSON: a factory with parameters.
    case value(mangledName: String, json: Data)

    /// The recipe of a factory made from `D`, nil when the runtime cannot name `D`.
    public static func type<D: CheckableDriver>(_: D.Type, name: String, summary: String) -> DriverRecipe? {
        _mangledTypeName(D.self).map { .type(mangledName: $0, name: name, summary: summary) }
    }

    /// The recipe of a factory that takes parameters (nil when the runtime cannot name
    /// `R`): `recipe = .value(MyFactory(fixes: fixes))`.
    public static func value<R: FactoryRecipe>(_ recipe: R) -> DriverRecipe? {
        guard let name = _mangledTypeName(R.self), let json = try? JSONEncoder().encode(recipe) else { return nil }
        return .value(mangledName: name, json: json)
    }

    /// The factory again — or why not, in one line.
    public func factory() -> Result<DriverFactory, InputError> {
        Result { () throws(InputError) -> DriverFactory in
            switch self {
            case .reference(let policy):
                return .reference(policy)
            case .type(let mangled, let name, let summary):
                let type = try typeNamed(mangled)
                guard let driver = type as? any CheckableDriver.Type else { throw InputError("\(type) is not a CheckableDriver") }
                return DriverFactory(driver, name: name, summary: summary)
            case .value(let mangled, let json):
                let type = try typeNamed(mangled)
                guard let recipe = type as? any FactoryRecipe.Type else { throw InputError("\(type) is not a FactoryRecipe") }
                do { return try Self.make(recipe, json) } catch {
                    throw InputError("\(type) could not be decoded from its recipe: \(error)")
                }
            }
        }
    }

    static func make<R: FactoryRecipe>(_: R.Type, _ json: Data) throws -> DriverFactory {
        try JSONDecoder().decode(R.self, from: json).factory()
    }
}

/// A factory's parameters as a value another process can decode: what a `DriverFactory`
/// made from a closure over parameters (`.tutorial(fixes:)`) gives as its `recipe` so that
/// `GridCheck` can run it in a fresh process.
public protocol FactoryRecipe: Codable, Sendable {
    /// The factory these parameters make.
    func factory() -> DriverFactory
}

/// The same for a custom property: its type's name and its value as JSON, so a property
/// must be `Codable` to cross (a stateless struct only needs to say so).
public struct PropertyRecipe: Codable, Sendable, Equatable {
    public let mangledName: String
    public let value: Data

    /// Nil when the property is not `Codable` or its type cannot be named.
    public init?(_ property: any StepProperty) {
        guard let encodable = property as? any Encodable, let name = _mangledTypeName(type(of: property)),
              let data = try? JSONEncoder().encode(encodable) else { return nil }
        mangledName = name
        value = data
    }

    /// The property again, or why not.
    public func property() -> Result<any StepProperty, InputError> {
        Result { () throws(InputError) -> any StepProperty in
            let type = try typeNamed(mangledName)
            guard let decodable = type as? any (StepProperty & Decodable).Type else {
                throw InputError("\(type) is not a Decodable StepProperty")
            }
            do { return try Self.decode(decodable, value) } catch {
                throw InputError("\(type) could not be decoded from its recipe: \(error)")
            }
        }
    }

    static func decode<P: StepProperty & Decodable>(_: P.Type, _ data: Data) throws -> any StepProperty {
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
