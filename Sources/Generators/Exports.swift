// The vocabulary (actions, viewports) the generators draw.
@_exported import TabGridCore
