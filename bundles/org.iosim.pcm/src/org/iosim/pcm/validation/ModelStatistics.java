package org.iosim.pcm.validation;

import java.util.Iterator;

import org.eclipse.emf.ecore.EObject;
import org.iosim.pcm.AbstractAction;
import org.iosim.pcm.ArchitectureModel;
import org.iosim.pcm.RepositoryComponent;
import org.iosim.pcm.ResourceContainer;
import org.iosim.pcm.ResourceDemandingSeff;
import org.iosim.pcm.UsageScenario;

/**
 * Sizes of a model set, e.g. to report what an import produced.
 *
 * @param components         basic and composite components in all repositories
 * @param seffs              service effect specifications
 * @param actions            RDSEFF actions, including those nested in branches, loops and forks
 * @param resourceContainers resource containers, including nested ones
 * @param usageScenarios     usage scenarios
 */
public record ModelStatistics(int components, int seffs, int actions, int resourceContainers, int usageScenarios) {

	public static ModelStatistics of(ArchitectureModel model) {
		int components = 0;
		int seffs = 0;
		int actions = 0;
		int containers = 0;
		int scenarios = 0;
		for (Iterator<EObject> contents = model.eAllContents(); contents.hasNext();) {
			EObject element = contents.next();
			if (element instanceof RepositoryComponent) {
				components++;
			} else if (element instanceof ResourceDemandingSeff) {
				seffs++;
			} else if (element instanceof AbstractAction) {
				actions++;
			} else if (element instanceof ResourceContainer) {
				containers++;
			} else if (element instanceof UsageScenario) {
				scenarios++;
			}
		}
		return new ModelStatistics(components, seffs, actions, containers, scenarios);
	}

	@Override
	public String toString() {
		return components + " components, " + seffs + " SEFFs, " + actions + " actions, " + resourceContainers
				+ " resource containers, " + usageScenarios + " usage scenarios";
	}
}
