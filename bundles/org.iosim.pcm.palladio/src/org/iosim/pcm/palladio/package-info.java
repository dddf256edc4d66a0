/**
 * Reading Palladio PCM 5.2 model files into IOSim architecture models
 * ({@link org.iosim.pcm.palladio.PalladioImporter}), and saving and loading IOSim's own
 * {@code .iosim} files ({@link org.iosim.pcm.palladio.ArchitectureFiles}). Problems are returned as
 * {@link org.iosim.pcm.validation.Diagnostic}s; whether an imported model can be simulated is for
 * {@link org.iosim.pcm.validation.ModelValidator} to say.
 */
package org.iosim.pcm.palladio;
