// The virtual clock's stand-ins for Dispatch's and Foundation's scheduling (AnimoClock), named
// here so that they shadow Dispatch's and Foundation's for code that imports UIKit: Swift prefers
// a declaration of a module the file imports over one of a module that module imports.
import Foundation
@_exported import AnimoClock

public typealias DispatchQueue = AnimoClock.DispatchQueue
public typealias DispatchTime = AnimoClock.DispatchTime
public typealias DispatchWallTime = AnimoClock.DispatchTime
public typealias DispatchTimeInterval = AnimoClock.DispatchTimeInterval
public typealias DispatchWorkItem = AnimoClock.DispatchWorkItem
public typealias DispatchGroup = AnimoClock.DispatchGroup
public typealias DispatchQoS = AnimoClock.DispatchQoS
public typealias DispatchWorkItemFlags = AnimoClock.DispatchWorkItemFlags
public typealias Timer = AnimoClock.Timer
public typealias RunLoop = AnimoClock.RunLoop
