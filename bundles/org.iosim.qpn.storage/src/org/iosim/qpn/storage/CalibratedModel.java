package org.iosim.qpn.storage;

/** What a calibration file holds: a calibrated storage template or a scheduler model on one. */
public sealed interface CalibratedModel permits CalibratedStorage, SchedulerModel {
}
