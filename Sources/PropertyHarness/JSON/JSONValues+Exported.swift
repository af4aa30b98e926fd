// The engine's inputs, reports and corpus speak JSON: importing the engine brings the JSON values.
@_exported import JSONValues
