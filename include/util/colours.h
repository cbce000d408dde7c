/*
 * colours.h - the charts' shared greys, as Graphviz and SVG write them:
 * the flow chart's (render/plan.h) and those of the add-ons that draw
 * (edge looks and legend samples, addons/extra.h), one definition for
 * both.
 */
#ifndef TREEPLOT_COLOURS_H
#define TREEPLOT_COLOURS_H

#define CHART_GREY "#999999"		/* a small edge, a guess */
#define CHART_GREY_TEXT "#555555"	/* grey that reads as text and sample */

#endif
