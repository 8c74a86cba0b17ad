import Foundation

/// How another process made from the same binary makes a driver factory again. A closure
/// cannot cross a process boundary; a type's name can (`_mangledTypeName`, resolved by
/// `_typeByName` in the copy), and so can a policy. What `GridCheck` needs to run a campaign
/// in a fresh copy of the test binary, where a model that traps cannot take the test process
/// with it. (The engine makes the factory again: `Checker`'s `DriverRecipe.factory()`.)
public enum GridDriverRecipe: Codable, Sendable, Equatable {
    /// A `CheckableGridDriver` type, and the name and summary its factory was given.
    case type(mangledName: String, name: String, summary: String)
    /// The reference under a policy.
    case reference(GridPolicy)
    /// A `MainActorGridDriver` type, and the name and summary its factory was given.
    case mainActorType(mangledName: String, name: String, summary: String)
    /// A value of a `FactoryRecipe` type, as JSON: a factory with parameters.
    case value(mangledName: String, json: Data)

    /// The recipe of a factory made from `D`, nil when the runtime cannot name `D`.
    public static func type<D: CheckableGridDriver>(_: D.Type, name: String, summary: String) -> GridDriverRecipe? {
        _mangledTypeName(D.self).map { .type(mangledName: $0, name: name, summary: summary) }
    }

    /// The recipe of a factory made from a `MainActorGridDriver` type.
    public static func mainActorType<D: MainActorGridDriver>(_: D.Type, name: String, summary: String) -> GridDriverRecipe? {
        _mangledTypeName(D.self).map { .mainActorType(mangledName: $0, name: name, summary: summary) }
    }

    /// The recipe of a factory that takes parameters (nil when the runtime cannot name
    /// `R`): `recipe = .value(MyFactory(fixes: fixes))`.
    public static func value<R: GridFactoryRecipe>(_ recipe: R) -> GridDriverRecipe? {
        guard let name = _mangledTypeName(R.self), let json = try? JSONEncoder().encode(recipe) else { return nil }
        return .value(mangledName: name, json: json)
    }
}

/// A factory's parameters as a value another process can decode: what a `GridDriverFactory`
/// made from a closure over parameters (`.tutorial(fixes:)`) gives as its `recipe` so that
/// `GridCheck` can run it in a fresh process.
public protocol GridFactoryRecipe: Codable, Sendable {
    /// The factory these parameters make.
    func factory() -> GridDriverFactory
}
