// The vocabulary (actions, policies, updates) the reference model speaks.
@_exported import TabGridCore
