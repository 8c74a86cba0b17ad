// A package that checks its own view-model imports only Checker (or TabGridTesting): the
// actions it applies (Generators) and the updates it records (ReferenceModel's
// ViewUpdate) come with it.
@_exported import Generators
@_exported import ReferenceModel
@_exported import Shrinking
