import Foundation

/// The one JSON spelling of actions, wherever they cross a process or reach a file (decisions.md, Command line and inputs): a
/// NaN or infinite viewport or swipe value — which the generators draw — is written as the
/// string "nan", "inf" or "-inf". A plain `JSONEncoder` throws on one, and a campaign whose
/// failing step held one was lost ("the campaign's process died (no message)").
package enum ActionCoding {
    package static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return e
    }

    package static func decoder() -> JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return d
    }

    /// Actions as one line of JSON.
    package static func line(_ value: some Encodable) -> String {
        (try? encoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
